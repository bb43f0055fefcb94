// The manual order builder's customer form and placing the order through the checkout service
// (orders.placeManual), with one idempotency key per attempt and the result modal's redirect.
import { notify } from '../../lib/notify';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { CustomerDetailsInput } from '../../../shared/schemas/checkout';
import { trpc } from '../../lib/trpc';
import { getGuestId } from '../../lib/guest-id';
import { randomId } from '../../lib/random-id';
import type { Line } from './order-builder-pick';
import { serverErrors, type FieldErrors, validate } from './sales-kit';

const m = staffMessages.dashboard;
const c = messages.checkout;

/** The spec's redirect delay after the result modal's OK. */
export const MODAL_REDIRECT_MS = 500;

export type Customer = {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  countryID: string;
  city: string;
  address: string;
  zipCode: string;
};
const emptyCustomer: Customer = {
  email: '',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  countryID: '',
  city: '',
  address: '',
  zipCode: '',
};

const newKey = (): string => `manual_${randomId(24, '0123456789abcdef')}`;

export function useManualOrderSubmit(cart: Line[]) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [customer, setCustomer] = useState<Customer>(emptyCustomer);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<'success' | 'failure' | null>(null);
  const idempotencyKey = useRef(newKey());
  const place = useMutation(trpc.orders.placeManual.mutationOptions());

  const setField = (k: keyof Customer, v: string) => {
    setCustomer((o) => ({ ...o, [k]: v }));
    setErrors((o) => ({ ...o, [k]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (cart.length === 0) {
      notify.error(m.cartEmpty, { topic: 'order-cart' });
      return;
    }
    const guestId = getGuestId();
    const v = validate(CustomerDetailsInput, { ...customer, guestId });
    if (v.errors) return setErrors(v.errors);
    try {
      await place.mutateAsync({
        customerDetails: v.data,
        cartItems: cart.map((l) => ({ ...l })),
        promoCode: null,
        idempotencyKey: idempotencyKey.current,
      });
      setResult('success');
      await qc.invalidateQueries({ queryKey: trpc.orders.pathKey() });
      await qc.invalidateQueries({ queryKey: trpc.overview.pathKey() });
      await qc.invalidateQueries({ queryKey: trpc.catalog.pathKey() });
    } catch (err) {
      const { errors: fieldErrors } = serverErrors(err, c.failure);
      setErrors(fieldErrors.customerDetails ? {} : fieldErrors);
      idempotencyKey.current = newKey();
      setResult('failure');
    }
  }

  function onModalOk() {
    const ok = result === 'success';
    setTimeout(() => {
      if (ok) void navigate({ to: '/dashboard/orders' });
      else {
        setResult(null);
        void navigate({ to: '/dashboard/add-orders' });
      }
    }, MODAL_REDIRECT_MS);
  }

  return { customer, errors, result, busy: place.isPending, setField, onSubmit, onModalOk };
}
