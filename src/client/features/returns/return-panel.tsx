// The order page's "Kthe ose ndërro" panel (decision 235), loaded lazily by the order page for a delivered order:
// the deadline, the earlier requests with their state (each withdrawable until the shop has the parcel), and the
// request form while the window is open. Once the window is over it says so; opened without the proof a request
// needs (an order tracked by number and contact in another browser, decision 255) it says how to ask.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ReturnRequestDto } from '#shared/dto/returns';
import { fill } from '#shared/messages';
import { returnMessages } from '#shared/messages/returns';
import { formatEuro } from '#shared/money';
import { formatDate } from '#shared/dates';
import { WITHDRAWABLE } from '#shared/returns';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import { ReturnForm } from './return-form';
import './returns.css';

const f = returnMessages.form;

/** "Tërhiqe kërkesën" while nothing has reached the shop: asks once in place, then withdraws (the server decides). */
function Withdraw({ r, input, onDone }: { r: ReturnRequestDto; input: WithdrawTarget; onDone: () => void }) {
  const [asking, setAsking] = useState(false);
  const withdraw = useMutation(trpc.returns.withdraw.mutationOptions());
  if (!WITHDRAWABLE.includes(r.state)) return null;
  const run = () =>
    withdraw.mutate(
      { ...input, returnRequestId: r.returnRequestId },
      {
        onSuccess: () => {
          notify.success(f.withdrawn);
          onDone();
        },
        onError: (err) => notify.error(readError(err, f.withdrawFailed).message),
        onSettled: () => setAsking(false),
      },
    );
  if (!asking)
    return (
      <div className="returns__actions">
        <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
          {f.withdraw}
        </button>
      </div>
    );
  return (
    <div className="returns__confirm" role="group" aria-label={f.withdraw}>
      <p className="returns__muted">{f.withdrawConfirm}</p>
      <div className="returns__actions">
        <button
          type="button"
          className="button"
          onClick={run}
          disabled={withdraw.isPending}
          data-testid="return-withdraw"
        >
          {withdraw.isPending ? f.withdrawing : f.withdraw}
        </button>
        <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
          {f.withdrawKeep}
        </button>
      </div>
    </div>
  );
}

interface WithdrawTarget {
  orderId: number;
  guestId: string | null;
}

function RequestRow({ r, input, onChange }: { r: ReturnRequestDto; input: WithdrawTarget; onChange: () => void }) {
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
      <Withdraw r={r} input={input} onDone={onChange} />
    </li>
  );
}

/** The section without a request form: the window is over, or this visitor cannot ask here (decision 255). */
function NoRequestHere({ text, contact }: { text: string; contact: boolean }) {
  return (
    <section className="confirmation__card returns" aria-labelledby="returns-title" data-testid="returns-panel">
      <h2 id="returns-title" className="returns__title">
        {f.title}
      </h2>
      <p className="returns__deadline">{text}</p>
      <div className="returns__actions">
        <Link to="/kthimet" className="button button--ghost">
          {f.policyLink}
        </Link>
        {contact && (
          <Link to="/contactus" className="button button--ghost">
            {f.contactLink}
          </Link>
        )}
      </div>
    </section>
  );
}

export default function ReturnPanel({ orderId, guestId }: { orderId: number; guestId?: string }) {
  const input = { orderId, guestId: guestId ?? null };
  const options = useQuery(trpc.returns.options.queryOptions(input));
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const refresh = () => void client.invalidateQueries({ queryKey: trpc.returns.options.queryKey(input) });
  const o = options.data;
  if (options.isError && readError(options.error, '').status === 404)
    return <NoRequestHere text={f.askWithProof} contact />;
  if (!o) return null;
  if (!o.canAsk && o.requests.length === 0) return <NoRequestHere text={f.closed} contact={false} />;
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
            <RequestRow key={r.returnRequestId} r={r} input={input} onChange={refresh} />
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
            refresh();
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
