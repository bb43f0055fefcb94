// Placing the order from the checkout overlay: validate the delivery form with the shared schema, send the
// order with one idempotency key per distinct attempt, and map the server's answer (409 stock problem, field
// messages, an invalid promo code) back onto the form.
import { notify } from '../../lib/notify';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messages } from '../../../shared/messages';
import type { OrderConfirmationDto } from '../../../shared/dto/checkout';
import { CustomerDetailsInput } from '../../../shared/schemas/checkout';
import { readError } from '../../lib/api-error';
import { queryClient, trpc } from '../../lib/trpc';
import type { CartItem } from '../../lib/cart-store';
import { getGuestId } from '../../lib/guest-id';
import { EMPTY_FORM, type DeliveryErrors, type DeliveryForm, type FieldName } from './checkout-fields';
import type { PromoState } from './checkout-promo';
import { newIdempotencyKey } from './idempotency';

const m = messages.checkout;
const p = messages.promo;

interface SubmitInput {
  form: DeliveryForm;
  items: CartItem[];
  promoApplied: string | null;
  setErrors: (errors: DeliveryErrors) => void;
  setPromo: (promo: PromoState) => void;
  dialogRef: RefObject<HTMLDialogElement | null>;
  onPlaced: (order: OrderConfirmationDto) => void;
}

export function useCheckoutSubmit({
  form,
  items,
  promoApplied,
  setErrors,
  setPromo,
  dialogRef,
  onPlaced,
}: SubmitInput) {
  const [stockProblem, setStockProblem] = useState<string | null>(null);
  const attempt = useRef<{ key: string; payload: string } | null>(null);
  const place = useMutation(trpc.checkout.placeOrder.mutationOptions());

  /** Field messages of a failed order: delivery fields onto the form, the promo code onto its field, the rest as a problem. */
  function showServerErrors(fieldErrors: Record<string, string[]>, fallback: string) {
    const next: DeliveryErrors = {};
    for (const [key, msgs] of Object.entries(fieldErrors)) {
      const field = key.replace(/^customerDetails\./, '') as FieldName;
      if (field in EMPTY_FORM) next[field] = msgs[0];
      else if (key === 'promoCode')
        setPromo({ applied: null, percent: 0, message: msgs[0] ?? p.expired, tone: 'error' });
      else setStockProblem(msgs[0] ?? fallback);
    }
    setErrors(next);
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setStockProblem(null);
    const parsed = CustomerDetailsInput.safeParse({ ...form, guestId: getGuestId() });
    if (!parsed.success) {
      const next: DeliveryErrors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) dialogRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const lineItems = items.map((i) => ({ productVariantId: i.productVariantId, quantity: i.quantity }));
    const payload = JSON.stringify([parsed.data, lineItems, promoApplied]);
    if (!attempt.current || attempt.current.payload !== payload)
      attempt.current = { key: newIdempotencyKey(), payload };
    try {
      const cartItems = items.map((i) => ({
        productVariantId: i.productVariantId,
        quantity: i.quantity,
        productName: i.productName,
        productPrice: i.productPrice,
        size: i.size,
        color: i.color,
        imageUrl: i.imageUrl,
      }));
      const order = await place.mutateAsync({
        customerDetails: parsed.data,
        cartItems,
        promoCode: promoApplied,
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      notify.success(m.success, { topic: 'checkout' });
      onPlaced(order);
    } catch (err) {
      const info = readError(err, m.failure);
      notify.error(m.failure, { topic: 'checkout' });
      if (info.status === 409) {
        setStockProblem(info.message);
        attempt.current = null;
        void queryClient.invalidateQueries({ queryKey: trpc.checkout.quote.queryKey() });
      } else if (info.fieldErrors) showServerErrors(info.fieldErrors, info.message);
    }
  };

  return { submit, stockProblem, placing: place.isPending };
}
