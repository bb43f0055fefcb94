// /order-status: a guest finds an order by its number and the e-mail or phone it was placed with, and sees its page
// (decision 255: state, courier, address, lines, totals, the return section the route gives a delivered order). The
// same shared schema checks the form here and the request on the server.
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { OrderPageDto } from '#shared/dto/my-orders';
import { orderMessages } from '#shared/messages/orders';
import { TrackOrderInput } from '#shared/schemas/my-orders';
import { Field } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { useForm } from '#client/lib/forms/use-form';
import { trpc } from '#client/lib/trpc';
import { OrderView } from './order-view';
import './my-orders.css';

const m = orderMessages.orderTracking;

function useTrackForm(initialOrder: string | undefined, onFound: (order: OrderPageDto) => void) {
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

interface OrderStatusFormProps {
  initialOrder?: string;
  /** The return section of a found delivered order (the route's lazy chunk). */
  returns?: (order: OrderPageDto) => ReactNode;
}

export function OrderStatusForm({ initialOrder, returns }: OrderStatusFormProps) {
  const [found, setFound] = useState<OrderPageDto | null>(null);
  const form = useTrackForm(initialOrder, setFound);
  if (found)
    return (
      <OrderView
        order={found}
        testId="tracked-order"
        returns={found.status === 'delivered' ? returns?.(found) : undefined}
        actions={
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setFound(null);
              form.set('contact', '');
            }}
          >
            {m.another}
          </button>
        }
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
