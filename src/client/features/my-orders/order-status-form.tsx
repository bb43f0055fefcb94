// /order-status: a guest finds an order by its number and the e-mail or phone it was placed with, and sees its state,
// lines and totals. The same shared schema checks the form here and the request on the server.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { TrackedOrderDto } from '../../../shared/dto/my-orders';
import { fill, plural } from '../../../shared/messages';
import { checkoutMessages } from '../../../shared/messages/checkout';
import { orderMessages } from '../../../shared/messages/orders';
import { formatEuro } from '../../../shared/money';
import { formatDate } from '../../../shared/dates';
import { TrackOrderInput } from '../../../shared/schemas/my-orders';
import { Field } from '../../components/ui/field';
import { SubmitButton } from '../../components/ui/submit-button';
import { OrderLines } from '../../components/ui/order-lines';
import { useForm } from '../../lib/forms/use-form';
import { trpc } from '../../lib/trpc';
import { StatusBadge } from './status-badge';
import './my-orders.css';
import { ShipmentInfo } from '../../components/ui/shipment-info';

const m = orderMessages.orderTracking;

function useTrackForm(initialOrder: string | undefined, onFound: (order: TrackedOrderDto) => void) {
  const track = useMutation(trpc.myOrders.track.mutationOptions());
  return useForm({
    initialValues: { orderId: initialOrder ?? '', contact: '' },
    schema: TrackOrderInput,
    // The schema reads e-mail or phone from `contact`: every message but the number's belongs to that field.
    fieldOf: (path) => (path === 'orderId' ? 'orderId' : 'contact'),
    errorFallback: m.failed,
    // The request carries what was typed; the server parses it with the same schema.
    onSubmit: async (_data, form) => onFound(await track.mutateAsync(form.values)),
    onError: (e, form) => form.setFormError(e.status === 404 ? m.notFound : e.message),
  });
}

export function OrderStatusForm({ initialOrder }: { initialOrder?: string }) {
  const [found, setFound] = useState<TrackedOrderDto | null>(null);
  const form = useTrackForm(initialOrder, setFound);
  if (found)
    return (
      <TrackedOrder
        order={found}
        onAnother={() => {
          setFound(null);
          form.set('contact', '');
        }}
      />
    );

  return (
    <form className="track__card" {...form.formProps} aria-labelledby="track-title" data-testid="track-form">
      <h1 id="track-title" className="page-title">
        {m.title}
      </h1>
      <p className="track__intro">{m.intro}</p>
      <Field label={m.orderNumber} {...form.field('orderId')}>
        {(control) => (
          <input
            {...control}
            {...form.input('orderId')}
            inputMode="numeric"
            placeholder={m.orderNumberHint}
            autoComplete="off"
          />
        )}
      </Field>
      <Field label={m.contact} {...form.field('contact')}>
        {(control) => <input {...control} {...form.input('contact')} autoComplete="email" />}
      </Field>
      {form.formError && (
        <p className="track__error" role="alert" data-testid="track-error">
          {form.formError}
        </p>
      )}
      <SubmitButton form={form} label={m.submit} pendingLabel={m.searching} />
    </form>
  );
}

function TrackedOrder({ order: o, onAnother }: { order: TrackedOrderDto; onAnother: () => void }) {
  return (
    <article className="track__card" aria-labelledby="tracked-title" data-testid="tracked-order">
      <header className="track__head">
        <h1 id="tracked-title" className="page-title">
          {fill(checkoutMessages.checkout.orderNumber, { number: o.orderNumber })}
        </h1>
        <StatusBadge status={o.status} stage={o.shipment.stage} />
      </header>
      <p className="track__dates">
        {fill(m.placedOn, { date: formatDate(o.orderDate) })}
        {o.orderShipDate && <> · {fill(m.shippedOn, { date: formatDate(o.orderShipDate) })}</>}
      </p>
      <ShipmentInfo shipment={o.shipment} showStage={false} />
      <h2 className="track__subtitle">
        {m.lines} <span className="track__count">({plural(orderMessages.myOrders.items, o.itemCount)})</span>
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
