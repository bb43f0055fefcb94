// The older standalone /checkout screen: email, address, city, zipCode, phoneNumber, countryID; flat 5,00 €
// shipping; posts the old payload (customerDetails with userID, discountID null) to POST /api/orders/checkout.
import { notify } from '../../lib/notify';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { fill, messages } from '../../../shared/messages';
import { formatEuro } from '../../../shared/money';
import type { OrderConfirmationDto } from '../../../shared/dto/checkout';
import { FormField } from '../../components/ui/form-field';
import { authFetch, readSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { clearCart, useCartItems, type CartItem } from '../../lib/cart-store';
import { getGuestId } from '../../lib/guest-id';
import { newIdempotencyKey } from './idempotency';
import './checkout.css';

const m = messages.checkout;
type Form = { email: string; address: string; city: string; zipCode: string; phoneNumber: string; countryID: string };
const EMPTY: Form = { email: '', address: '', city: '', zipCode: '', phoneNumber: '', countryID: '' };

export function LegacyCheckout({ onPlaced }: { onPlaced: (order: OrderConfirmationDto) => void }) {
  const items = useCartItems();
  const [form, setForm] = useState<Form>(EMPTY);
  const { submit, busy } = useLegacySubmit(form, items, onPlaced);
  const quote = useQuery({
    ...trpc.checkout.quote.queryOptions({
      items: items.map((i) => ({ productVariantId: i.productVariantId, quantity: i.quantity })),
      shipping: 'flat',
    }),
    enabled: items.length > 0,
  });

  const set = (name: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));
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
        <form className="legacy-checkout__grid" onSubmit={submit} noValidate>
          <LegacyFields form={form} set={set} />
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
            <button type="submit" className="button button--block" disabled={busy}>
              {busy ? m.placing : m.placeOrder}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

type Setter = (name: keyof Form) => (e: { target: { value: string } }) => void;

function LegacyFields({ form, set }: { form: Form; set: Setter }) {
  const countries = useQuery(trpc.catalog.countries.queryOptions());
  return (
    <fieldset className="checkout-form">
      <legend className="checkout-form__legend">{m.deliveryDetails}</legend>
      <div className="checkout-form__grid">
        <FormField
          label={m.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
        />
        <FormField
          label={m.address}
          name="address"
          autoComplete="street-address"
          required
          value={form.address}
          onChange={set('address')}
        />
        <FormField
          label={m.city}
          name="city"
          autoComplete="address-level2"
          required
          value={form.city}
          onChange={set('city')}
        />
        <FormField
          label={m.zipCode}
          name="zipCode"
          autoComplete="postal-code"
          required
          value={form.zipCode}
          onChange={set('zipCode')}
        />
        <FormField
          label={m.phoneNumber}
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          required
          value={form.phoneNumber}
          onChange={set('phoneNumber')}
        />
        <div className="field">
          <label className="field__label" htmlFor="legacy-country">
            {m.country}
          </label>
          <select
            id="legacy-country"
            className="field__control"
            name="countryID"
            autoComplete="country-name"
            required
            value={form.countryID}
            onChange={set('countryID')}
          >
            <option value="">{m.chooseCountry}</option>
            {(countries.data ?? []).map((c) => (
              <option key={c.countryID} value={c.countryID}>
                {c.countryName}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}

/** Posts the old payload with one idempotency key per distinct attempt; empties the cart on success. */
function useLegacySubmit(form: Form, items: CartItem[], onPlaced: (order: OrderConfirmationDto) => void) {
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ key: string; payload: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (Object.values(form).some((v) => !v.trim())) {
      window.alert(m.fillAll);
      return;
    }
    if (items.length === 0) {
      notify.error(fill(m.oldFailure, { message: m.emptyCart }));
      return;
    }
    const session = readSession();
    const body = {
      customerDetails: {
        ...form,
        countryID: Number(form.countryID),
        userID: session?.userId ?? null,
        guestId: getGuestId(),
      },
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
    };
    const payload = JSON.stringify(body);
    if (!attempt.current || attempt.current.payload !== payload)
      attempt.current = { key: newIdempotencyKey(), payload };
    setBusy(true);
    try {
      const res = await authFetch('/api/orders/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': attempt.current.key },
        body: payload,
      });
      const data = (await res.json().catch(() => null)) as (OrderConfirmationDto & { Message?: string }) | null;
      if (!res.ok || !data) {
        if (res.status === 409) attempt.current = null;
        notify.error(fill(m.oldFailure, { message: data?.Message || m.unknownError }));
        return;
      }
      attempt.current = null;
      notify.success(m.oldSuccess);
      clearCart();
      onPlaced(data);
    } catch (err) {
      notify.error(fill(m.oldFailure, { message: (err as Error)?.message || m.unknownError }));
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy };
}
