// The older standalone /checkout screen: email, address, city, zipCode, phoneNumber, countryID; flat 5,00 €
// shipping; posts the old payload (customerDetails with userID, discountID null) to POST /api/orders/checkout.
import { notify } from '../../lib/notify';
import { useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { fill, messages } from '../../../shared/messages';
import { formatEuro } from '../../../shared/money';
import type { OrderConfirmationDto } from '../../../shared/dto/checkout';
import { LegacyCheckoutForm } from '../../../shared/schemas/checkout';
import { Field } from '../../components/ui/field';
import { SubmitButton } from '../../components/ui/submit-button';
import { RestError } from '../../lib/api-error';
import { useForm, type Form } from '../../lib/forms/use-form';
import { authFetch, readSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { clearCart, useCartItems, type CartItem } from '../../lib/cart-store';
import { getGuestId } from '../../lib/guest-id';
import { newIdempotencyKey } from './idempotency';
import './checkout.css';

const m = messages.checkout;
const EMPTY = { email: '', address: '', city: '', zipCode: '', phoneNumber: '', countryID: '' };

export function LegacyCheckout({ onPlaced }: { onPlaced: (order: OrderConfirmationDto) => void }) {
  const items = useCartItems();
  const form = useLegacyForm(items, onPlaced);
  const quote = useQuery({
    ...trpc.checkout.quote.queryOptions({
      items: items.map((i) => ({ productVariantId: i.productVariantId, quantity: i.quantity })),
      shipping: 'flat',
    }),
    enabled: items.length > 0,
  });

  return (
    <section className="legacy-checkout container" aria-labelledby="legacy-title">
      <h1 id="legacy-title" className="page-title">
        {m.oldTitle}
      </h1>
      {items.length === 0 ? (
        <>
          <p className="status-text">{messages.cart.empty}</p>
          <p className="confirmation__actions">
            <Link to="/products" className="button">
              {messages.cart.continueShopping}
            </Link>
          </p>
        </>
      ) : (
        <form className="legacy-checkout__grid" {...form.formProps}>
          <LegacyFields form={form} />
          <div className="checkout-side">
            <ul className="legacy-checkout__lines">
              {items.map((i) => (
                <li key={i.cartItemId}>
                  <span>
                    {i.quantity} × {i.productName} ({i.size}, {i.color})
                  </span>
                </li>
              ))}
            </ul>
            <dl className="totals">
              <div className="totals__row">
                <dt>{messages.cart.subtotal}</dt>
                <dd className="price">{quote.data ? formatEuro(quote.data.subtotal) : '…'}</dd>
              </div>
              <div className="totals__row">
                <dt>{m.flatShipping}</dt>
                <dd className="price">{quote.data?.shipping != null ? formatEuro(quote.data.shipping) : '…'}</dd>
              </div>
              <div className="totals__row totals__row--grand">
                <dt>{messages.cart.total}</dt>
                <dd className="price">{quote.data ? formatEuro(quote.data.total) : '…'}</dd>
              </div>
            </dl>
            <div className="payment-note">
              <strong>{m.cashOnDelivery}</strong>
              <span>{m.paymentNote}</span>
            </div>
            <SubmitButton form={form} className="button button--block" label={m.placeOrder} pendingLabel={m.placing} />
          </div>
        </form>
      )}
    </section>
  );
}

type LegacyForm = Form<typeof EMPTY>;

function LegacyFields({ form }: { form: LegacyForm }) {
  const countries = useQuery(trpc.catalog.countries.queryOptions());
  const text = (name: Exclude<keyof typeof EMPTY, 'countryID'>, label: string, autoComplete: string, type = 'text') => (
    <Field label={label} {...form.field(name)}>
      {(control) => <input {...control} {...form.input(name)} type={type} autoComplete={autoComplete} required />}
    </Field>
  );
  return (
    <fieldset className="checkout-form">
      <legend className="checkout-form__legend">{m.deliveryDetails}</legend>
      <div className="checkout-form__grid">
        {text('email', m.email, 'email', 'email')}
        {text('address', m.address, 'street-address')}
        {text('city', m.city, 'address-level2')}
        {text('zipCode', m.zipCode, 'postal-code')}
        {text('phoneNumber', m.phoneNumber, 'tel', 'tel')}
        <Field label={m.country} {...form.field('countryID', 'legacy-country')}>
          {(control) => (
            <select {...control} {...form.input('countryID')} autoComplete="country-name" required>
              <option value="">{m.chooseCountry}</option>
              {(countries.data ?? []).map((c) => (
                <option key={c.countryID} value={c.countryID}>
                  {c.countryName}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </fieldset>
  );
}

/** Posts the old payload (REST) with one idempotency key per distinct attempt; empties the cart on success. */
function useLegacyForm(items: CartItem[], onPlaced: (order: OrderConfirmationDto) => void) {
  const attempt = useRef<{ key: string; payload: string } | null>(null);
  return useForm({
    initialValues: EMPTY,
    schema: LegacyCheckoutForm,
    errorFallback: m.unknownError,
    // The old screen's alert when a field is left empty.
    onInvalid: (_errors, values) => {
      if (Object.values(values).some((v) => !v.trim())) window.alert(m.fillAll);
    },
    onSubmit: async (data) => {
      if (items.length === 0) return void notify.error(fill(m.oldFailure, { message: m.emptyCart }));
      const session = readSession();
      const payload = JSON.stringify({
        customerDetails: { ...data, userID: session?.userId ?? null, guestId: getGuestId() },
        cartItems: items.map((i) => ({
          productVariantId: i.productVariantId,
          quantity: i.quantity,
          productName: i.productName,
          productPrice: i.productPrice,
          size: i.size,
          color: i.color,
          imageUrl: i.imageUrl,
        })),
        discountID: null,
      });
      if (!attempt.current || attempt.current.payload !== payload)
        attempt.current = { key: newIdempotencyKey(), payload };
      const res = await authFetch('/api/orders/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': attempt.current.key },
        body: payload,
      });
      const body = (await res.json().catch(() => null)) as OrderConfirmationDto | null;
      if (!res.ok || !body) {
        if (res.status === 409) attempt.current = null;
        throw new RestError(res.status, body);
      }
      attempt.current = null;
      notify.success(m.oldSuccess);
      clearCart();
      onPlaced(body);
    },
    onError: (e) => notify.error(fill(m.oldFailure, { message: e.message || m.unknownError })),
  });
}
