// Placing the order from the checkout overlay: the delivery form checked with the shared schema, the order sent
// with one idempotency key per distinct attempt, and the server's answer (409 stock problem, field messages, an
// invalid promo code) mapped back onto the form.
import { notify } from '#client/lib/notify';
import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { accountMessages } from '#shared/messages/account';
import { checkoutMessages } from '#shared/messages/checkout';
import type { OrderConfirmationDto } from '#shared/dto/checkout';
import type { CustomerDetailsInput } from '#shared/schemas/checkout';
import { DeliveryInput } from '#client/lib/forms/delivery-input';
import { useForm } from '#client/lib/forms/use-form';
import { queryClient, trpc, trpcClient } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import type { CartItem } from '#client/lib/cart-store';
import { getGuestId } from '#client/lib/guest-id';
import { EMPTY_FORM } from './checkout-fields';
import type { PromoState } from './checkout-promo';
import { newIdempotencyKey } from './idempotency';

const m = checkoutMessages.checkout;
const p = checkoutMessages.promo;

interface SubmitInput {
  items: CartItem[];
  /** Whether to save the delivery fields as an address once the order is placed (issue 25), asked then. */
  saveAddress: () => boolean;
  promoApplied: string | null;
  /** Whether the shopper ticked "Përdor kredinë në dyqan" (decision 273), read when the order is placed. */
  payWithCredit: () => boolean;
  /** The gift card code applied in the overlay (decision 274), read when the order is placed. */
  giftCardCode: () => string | null;
  setPromo: (promo: PromoState) => void;
  onPlaced: (order: OrderConfirmationDto) => void;
}

const cartLines = (items: CartItem[]) =>
  items.map((i) => ({
    productVariantId: i.productVariantId,
    quantity: i.quantity,
    productName: i.productName,
    productPrice: i.productPrice,
    size: i.size,
    color: i.color,
    imageUrl: i.imageUrl,
  }));

/** One key per distinct attempt: a retry of the same order (double click, lost answer) reuses it. */
function useAttemptKey() {
  const attempt = useRef<{ key: string; payload: string } | null>(null);
  return {
    keyFor: (payload: unknown) => {
      const text = JSON.stringify(payload);
      if (!attempt.current || attempt.current.payload !== text)
        attempt.current = { key: newIdempotencyKey(), payload: text };
      return attempt.current.key;
    },
    forget: () => (attempt.current = null),
  };
}

/**
 * "Ruaje këtë adresë": after the order, its delivery fields go to the customer's address book through the addresses
 * module (its rules: owner, postal code, at most 10). A refusal is told; the order stands either way.
 */
async function saveForNextTime(d: CustomerDetailsInput): Promise<void> {
  try {
    const { firstName, lastName, phoneNumber, countryID, city, address, zipCode } = d;
    await trpcClient.addresses.create.mutate({ firstName, lastName, phoneNumber, countryID, city, address, zipCode });
    await queryClient.invalidateQueries({ queryKey: trpc.addresses.list.queryKey() });
    notify.success(m.addressSaved, { topic: 'addresses' });
  } catch (err) {
    notify.error(readError(err, accountMessages.addresses.saveFailed).message, { topic: 'addresses' });
  }
}

export function useCheckoutForm(input: SubmitInput) {
  const { items, saveAddress, promoApplied, payWithCredit, giftCardCode, setPromo, onPlaced } = input;
  const [stockProblem, setStockProblem] = useState<string | null>(null);
  const attempt = useAttemptKey();
  const place = useMutation(trpc.checkout.placeOrder.mutationOptions());
  const form = useForm({
    initialValues: EMPTY_FORM,
    schema: DeliveryInput,
    toInput: (values) => ({ ...values, guestId: getGuestId() }),
    errorFallback: m.failure,
    onSubmit: async (customerDetails) => {
      setStockProblem(null);
      const lineItems = items.map((i) => ({ productVariantId: i.productVariantId, quantity: i.quantity }));
      const credit = payWithCredit();
      const giftCode = giftCardCode();
      const idempotencyKey = attempt.keyFor([customerDetails, lineItems, promoApplied, credit, giftCode]);
      const order = await place.mutateAsync({
        customerDetails,
        cartItems: cartLines(items),
        promoCode: promoApplied,
        idempotencyKey,
        ...(credit ? { useStoreCredit: true } : {}),
        ...(giftCode ? { giftCardCode: giftCode } : {}),
      });
      // The balance changed: the profile and the next checkout read it again.
      if (credit) void queryClient.invalidateQueries({ queryKey: trpc.storeCredit.mine.queryKey() });
      attempt.forget();
      notify.success(m.success, { topic: 'checkout' });
      if (saveAddress()) await saveForNextTime(customerDetails);
      onPlaced(order);
    },
    onInvalid: () => setStockProblem(null),
    onError: (info, _form, unmatched) => {
      notify.error(m.failure, { topic: 'checkout' });
      if (info.status === 409) {
        setStockProblem(info.message);
        attempt.forget();
        void queryClient.invalidateQueries({ queryKey: trpc.checkout.quote.queryKey() });
        return;
      }
      // Delivery fields took their messages; the promo code's goes under its field, anything else above the button.
      for (const [key, msgs] of Object.entries(unmatched)) {
        if (key === 'promoCode') setPromo({ applied: null, percent: 0, message: msgs[0] ?? p.expired, tone: 'error' });
        else setStockProblem(msgs[0] ?? info.message);
      }
    },
  });
  return { form, stockProblem };
}
