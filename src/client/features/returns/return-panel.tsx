// The order page's "Kthe ose ndërro" panel (decision 235), loaded lazily by the order page for a delivered order:
// the deadline, the earlier requests with their state, and the request form while the window is open.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ReturnRequestDto } from '../../../shared/dto/returns';
import { fill } from '../../../shared/messages';
import { returnMessages } from '../../../shared/messages/returns';
import { formatEuro } from '../../../shared/money';
import { formatDate } from '../../../shared/dates';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { ReturnForm } from './return-form';
import './returns.css';

const f = returnMessages.form;

function RequestRow({ r }: { r: ReturnRequestDto }) {
  return (
    <li className="returns__request" data-testid="return-request">
      <span>
        {returnMessages.kinds[r.kind]} · {formatDate(r.createdAt)} ·{' '}
        <span className="returns__state">{returnMessages.states[r.state]}</span>
      </span>
      {r.lines.map((l) => (
        <span key={l.orderDetailsId} className="returns__muted">
          {fill(f.requestLine, {
            quantity: l.quantity,
            name: l.productName,
            variant: [l.size, l.color].filter(Boolean).join(', '),
          })}
          {l.exchangeSize &&
            ` ${fill(f.exchangeFor, { variant: [l.exchangeSize, l.exchangeColor].filter(Boolean).join(', ') })}`}
        </span>
      ))}
      {r.refusalReason && <span className="returns__muted">{r.refusalReason}</span>}
      {r.refund !== null && r.refundMethod && (
        <span className="returns__muted">
          {formatEuro(r.refund)} · {returnMessages.refundMethods[r.refundMethod]}
        </span>
      )}
    </li>
  );
}

export default function ReturnPanel({ orderId, guestId }: { orderId: number; guestId?: string }) {
  const input = { orderId, guestId: guestId ?? null };
  const options = useQuery(trpc.returns.options.queryOptions(input));
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const o = options.data;
  if (!o || (!o.canAsk && o.requests.length === 0)) return null;
  return (
    <section className="confirmation__card returns" aria-labelledby="returns-title" data-testid="returns-panel">
      <h2 id="returns-title" className="returns__title">
        {f.requestsTitle}
      </h2>
      {o.deadline && o.canAsk && (
        <p className="returns__deadline">{fill(f.deadline, { date: formatDate(o.deadline) })}</p>
      )}
      {o.requests.length > 0 && (
        <ul className="returns__requests">
          {o.requests.map((r) => (
            <RequestRow key={r.returnRequestId} r={r} />
          ))}
        </ul>
      )}
      {open ? (
        <ReturnForm
          options={o}
          guestId={guestId}
          onCancel={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            notify.success(f.sent);
            void client.invalidateQueries({ queryKey: trpc.returns.options.queryKey(input) });
          }}
        />
      ) : (
        <div className="returns__actions">
          {o.canAsk && (
            <button type="button" className="button" onClick={() => setOpen(true)} data-testid="return-open">
              {f.open}
            </button>
          )}
          <Link to="/kthimet" className="button button--ghost">
            {f.policyLink}
          </Link>
        </div>
      )}
    </section>
  );
}
