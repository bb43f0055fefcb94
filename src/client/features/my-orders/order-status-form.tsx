// /order-status: a guest finds an order by its number and the e-mail or phone it was placed with, and sees its state,
// lines and totals. The same shared schema checks the form here and the request on the server.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { TrackedOrderDto } from '../../../shared/dto/my-orders';
import { fill, messages, plural } from '../../../shared/messages';
import { formatEuro } from '../../../shared/money';
import { formatDate } from '../../../shared/dates';
import { TrackOrderInput } from '../../../shared/schemas/my-orders';
import { FormField } from '../../components/ui/form-field';
import { OrderLines } from '../../components/ui/order-lines';
import { readError } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { StatusBadge } from './status-badge';
import './my-orders.css';

const m = messages.orderTracking;

type Errors = Partial<Record<'orderId' | 'contact' | 'form', string>>;

export function OrderStatusForm({ initialOrder }: { initialOrder?: string }) {
  const [orderId, setOrderId] = useState(initialOrder ?? '');
  const [contact, setContact] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [found, setFound] = useState<TrackedOrderDto | null>(null);
  const track = useMutation(trpc.myOrders.track.mutationOptions());

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = TrackOrderInput.safeParse({ orderId, contact });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'orderId' ? 'orderId' : 'contact';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    track.mutate(
      { orderId, contact },
      {
        onSuccess: (order) => setFound(order),
        onError: (err) => {
          const e2 = readError(err, m.failed);
          setFound(null);
          setErrors({ form: e2.status === 404 ? m.notFound : e2.message });
        },
      },
    );
  };

  if (found)
    return (
      <TrackedOrder
        order={found}
        onAnother={() => {
          setFound(null);
          setContact('');
        }}
      />
    );

  return (
    <form className="track__card" onSubmit={onSubmit} noValidate aria-labelledby="track-title" data-testid="track-form">
      <h1 id="track-title" className="page-title">
        {m.title}
      </h1>
      <p className="track__intro">{m.intro}</p>
      <FormField
        label={m.orderNumber}
        name="orderId"
        inputMode="numeric"
        placeholder={m.orderNumberHint}
        autoComplete="off"
        value={orderId}
        onChange={(e) => setOrderId(e.target.value)}
        error={errors.orderId}
      />
      <FormField
        label={m.contact}
        name="contact"
        autoComplete="email"
        value={contact}
        onChange={(e) => setContact(e.target.value)}
        error={errors.contact}
      />
      {errors.form && (
        <p className="track__error" role="alert" data-testid="track-error">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button" disabled={track.isPending}>
        {track.isPending ? m.searching : m.submit}
      </button>
    </form>
  );
}

function TrackedOrder({ order: o, onAnother }: { order: TrackedOrderDto; onAnother: () => void }) {
  return (
    <article className="track__card" aria-labelledby="tracked-title" data-testid="tracked-order">
      <header className="track__head">
        <h1 id="tracked-title" className="page-title">
          {fill(messages.checkout.orderNumber, { n: o.orderNumber })}
        </h1>
        <StatusBadge status={o.status} />
      </header>
      <p className="track__dates">
        {fill(m.placedOn, { date: formatDate(o.orderDate) })}
        {o.orderShipDate && <> · {fill(m.shippedOn, { date: formatDate(o.orderShipDate) })}</>}
      </p>
      <h2 className="track__subtitle">
        {m.lines} <span className="track__count">({plural(messages.myOrders.items, o.itemCount)})</span>
      </h2>
      <OrderLines lines={o.lines} />
      <dl className="totals">
        <div className="totals__row">
          <dt>{m.subtotal}</dt>
          <dd className="price">{formatEuro(o.subtotal)}</dd>
        </div>
        {o.discount > 0 && (
          <div className="totals__row totals__row--discount">
            <dt>{m.discount}</dt>
            <dd className="price">−{formatEuro(o.discount)}</dd>
          </div>
        )}
        <div className="totals__row">
          <dt>{m.shipping}</dt>
          <dd className="price">{formatEuro(o.shipping)}</dd>
        </div>
        <div className="totals__row totals__row--grand">
          <dt>{m.total}</dt>
          <dd className="price" data-testid="tracked-total">
            {formatEuro(o.total)}
          </dd>
        </div>
      </dl>
      <button type="button" className="button button--ghost track__again" onClick={onAnother}>
        {m.another}
      </button>
    </article>
  );
}
