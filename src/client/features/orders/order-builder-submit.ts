// The manual order builder's customer form and placing the order through the checkout service
// (orders.placeManual), with one idempotency key per attempt and the result modal's redirect. The e-mail may stay
// empty (phone and Instagram orders, decision 221); the placed order is kept for the modal's number and link.
import { notify } from '#client/lib/notify';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkoutMessages } from '#shared/messages/checkout';
import { staffMessages } from '#shared/messages-staff';
import type { OrderConfirmationDto } from '#shared/dto/checkout';
import { DeliveryInput } from '#client/lib/forms/delivery-input';
import { useForm } from '#client/lib/forms/use-form';
import { trpc } from '#client/lib/trpc';
import { getGuestId } from '#client/lib/guest-id';
import { randomId } from '#client/lib/random-id';
import type { Line } from './order-builder-pick';

const m = staffMessages.dashboard;
const c = checkoutMessages.checkout;

/** The spec's redirect delay after the result modal's OK. */
export const MODAL_REDIRECT_MS = 500;

const emptyCustomer = {
  email: '',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  countryID: '',
  city: '',
  address: '',
  zipCode: '',
};
export type Customer = typeof emptyCustomer;

/** What the result modal shows: the placed order (its number and link), or the failure. */
export type ManualOrderResult = { placed: OrderConfirmationDto } | 'failure' | null;

const newKey = (): string => `manual_${randomId(24, '0123456789abcdef')}`;

export function useManualOrderSubmit(cart: Line[]) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [result, setResult] = useState<ManualOrderResult>(null);
  const idempotencyKey = useRef(newKey());
  const place = useMutation(trpc.orders.placeManual.mutationOptions());
  const form = useForm({
    initialValues: emptyCustomer,
    schema: DeliveryInput,
    toInput: (customer) => ({ ...customer, guestId: getGuestId() }),
    errorFallback: c.failure,
    onSubmit: async (customerDetails) => {
      const placed = await place.mutateAsync({
        customerDetails,
        cartItems: cart.map((l) => ({ ...l })),
        promoCode: null,
        idempotencyKey: idempotencyKey.current,
      });
      setResult({ placed });
      await qc.invalidateQueries({ queryKey: trpc.orders.pathKey() });
      await qc.invalidateQueries({ queryKey: trpc.overview.pathKey() });
      await qc.invalidateQueries({ queryKey: trpc.catalog.pathKey() });
    },
    onError: () => {
      idempotencyKey.current = newKey();
      setResult('failure');
    },
  });

  /** An empty cart is said before the customer's details are checked. */
  const onSubmit = (e: FormEvent) => {
    if (cart.length > 0) return form.formProps.onSubmit(e);
    e.preventDefault();
    notify.error(m.cartEmpty, { topic: 'order-cart' });
  };

  function onModalOk() {
    const ok = result !== null && result !== 'failure';
    setTimeout(() => {
      if (ok) void navigate({ to: '/dashboard/orders' });
      else {
        setResult(null);
        void navigate({ to: '/dashboard/add-orders' });
      }
    }, MODAL_REDIRECT_MS);
  }

  return { form, onSubmit, result, onModalOk };
}
