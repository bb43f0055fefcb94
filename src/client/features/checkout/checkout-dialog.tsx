// The checkout overlay on /cart: delivery form (shared schema), promo code, the server's quote for this cart,
// country and code, cash on delivery, and placing the order (idempotent across double clicks and retries).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { fill, messages } from '../../../shared/messages';
import { formatEuro } from '../../../shared/money';
import type { OrderConfirmationDto } from '../../../shared/dto/checkout';
import { CustomerDetailsInput } from '../../../shared/schemas/checkout';
import { FormField } from '../../components/ui/form-field';
import { readError } from '../../lib/api-error';
import { queryClient, trpc, trpcClient } from '../../lib/trpc';
import type { CartItem } from '../../lib/cart-store';
import { getGuestId } from '../../lib/guest-id';
import { newIdempotencyKey } from './idempotency';
import './checkout.css';

const m = messages.checkout;
const p = messages.promo;

type FieldName = 'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'countryID' | 'city' | 'address' | 'zipCode';
type Form = Record<FieldName, string>;
const EMPTY: Form = { email: '', firstName: '', lastName: '', phoneNumber: '', countryID: '', city: '', address: '', zipCode: '' };

const FIELDS: Array<{ name: Exclude<FieldName, 'countryID'>; label: string; type: string; autoComplete: string; inputMode?: 'email' | 'tel' | 'text' }> = [
  { name: 'email', label: m.email, type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'firstName', label: m.firstName, type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: m.lastName, type: 'text', autoComplete: 'family-name' },
  { name: 'phoneNumber', label: m.phoneNumber, type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];
const ADDRESS_FIELDS: typeof FIELDS = [
  { name: 'city', label: m.city, type: 'text', autoComplete: 'address-level2' },
  { name: 'address', label: m.address, type: 'text', autoComplete: 'street-address' },
  { name: 'zipCode', label: m.zipCode, type: 'text', autoComplete: 'postal-code', inputMode: 'text' },
];

type PromoState = { applied: string | null; percent: number; message: string | null; tone: 'ok' | 'error' | null };

export function CheckoutDialog({ open, onClose, items, onPlaced }: { open: boolean; onClose: () => void; items: CartItem[]; onPlaced: (order: OrderConfirmationDto) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [promoCode, setPromoCode] = useState('');
  const [promo, setPromo] = useState<PromoState>({ applied: null, percent: 0, message: null, tone: null });
  const [checking, setChecking] = useState(false);
  const [stockProblem, setStockProblem] = useState<string | null>(null);
  const attempt = useRef<{ key: string; payload: string } | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const countries = useQuery({ ...trpc.catalog.countries.queryOptions(), enabled: open });
  const lineItems = items.map((i) => ({ productVariantId: i.productVariantId, quantity: i.quantity }));
  const countryID = form.countryID ? Number(form.countryID) : null;
  const quote = useQuery({
    ...trpc.checkout.quote.queryOptions({ items: lineItems, countryID, promoCode: promo.applied }),
    enabled: open && items.length > 0,
    placeholderData: keepPreviousData,
  });

  const place = useMutation(trpc.checkout.placeOrder.mutationOptions());

  const set = (name: FieldName, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const applyPromo = async () => {
    const code = promoCode.trim();
    if (!code) {
      setPromo({ applied: null, percent: 0, message: p.enterCode, tone: 'error' });
      return;
    }
    setChecking(true);
    try {
      const res = await trpcClient.checkout.validatePromo.query({ code });
      if (res.discountPercentage > 0) setPromo({ applied: res.code, percent: res.discountPercentage, message: fill(p.applied, { n: res.discountPercentage }), tone: 'ok' });
      else setPromo({ applied: null, percent: 0, message: p.notValid, tone: 'error' });
    } catch (err) {
      const status = readError(err, p.error).status;
      setPromo({ applied: null, percent: 0, message: status === 400 ? p.expired : p.error, tone: 'error' });
    } finally {
      setChecking(false);
    }
  };

  const onPromoChange = (value: string) => {
    setPromoCode(value);
    // Editing clears the message; a different code than the applied one must be applied again.
    setPromo((s) => (s.applied && value.trim().toUpperCase() === s.applied.toUpperCase() ? { ...s, message: s.tone === 'ok' ? s.message : null } : { applied: null, percent: 0, message: null, tone: null }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setStockProblem(null);
    const parsed = CustomerDetailsInput.safeParse({ ...form, guestId: getGuestId() });
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldName;
        next[key] ??= issue.message;
      }
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) ref.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const input = { customerDetails: parsed.data, cartItems: items.map((i) => ({ ...i })), promoCode: promo.applied };
    const payload = JSON.stringify([parsed.data, lineItems, promo.applied]);
    if (!attempt.current || attempt.current.payload !== payload) attempt.current = { key: newIdempotencyKey(), payload };
    try {
      const order = await place.mutateAsync({ ...input, cartItems: items.map((i) => ({ productVariantId: i.productVariantId, quantity: i.quantity, productName: i.productName, productPrice: i.productPrice, size: i.size, color: i.color, imageUrl: i.imageUrl })), idempotencyKey: attempt.current.key });
      attempt.current = null;
      toast.success(m.success);
      onPlaced(order);
    } catch (err) {
      const info = readError(err, m.failure);
      toast.error(m.failure);
      if (info.status === 409) {
        setStockProblem(info.message);
        attempt.current = null;
        void queryClient.invalidateQueries({ queryKey: trpc.checkout.quote.queryKey() });
      } else if (info.fieldErrors) {
        const next: Partial<Record<FieldName, string>> = {};
        for (const [key, msgs] of Object.entries(info.fieldErrors)) {
          const field = key.replace(/^customerDetails\./, '') as FieldName;
          if (field in EMPTY) next[field] = msgs[0];
          else if (key === 'promoCode') setPromo({ applied: null, percent: 0, message: msgs[0] ?? p.expired, tone: 'error' });
          else setStockProblem(msgs[0] ?? info.message);
        }
        setErrors(next);
      }
    }
  };

  const q = quote.data;
  return (
    <dialog ref={ref} className="checkout-dialog" aria-labelledby={titleId} onCancel={(e) => { e.preventDefault(); onClose(); }} onClose={onClose}
      onClick={(e) => { if (e.target === ref.current) onClose(); }}>
      <div className="checkout-dialog__panel">
        <header className="checkout-dialog__head">
          <h2 id={titleId} className="checkout-dialog__title">{m.title}</h2>
          <button type="button" className="checkout-dialog__close" onClick={onClose} aria-label={m.closeDialog}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          </button>
        </header>
        <form className="checkout-dialog__body" onSubmit={submit} noValidate>
          <fieldset className="checkout-form">
            <legend className="checkout-form__legend">{m.deliveryDetails}</legend>
            <div className="checkout-form__grid">
              {FIELDS.map((f) => (
                <FormField key={f.name} label={f.label} name={f.name} type={f.type} autoComplete={f.autoComplete} inputMode={f.inputMode} required value={form[f.name]} error={errors[f.name]} onChange={(e) => set(f.name, e.target.value)} />
              ))}
              <CountrySelect value={form.countryID} error={errors.countryID} onChange={(v) => set('countryID', v)} countries={countries.data ?? []} loading={countries.isLoading} />
              {ADDRESS_FIELDS.map((f) => (
                <FormField key={f.name} label={f.label} name={f.name} type={f.type} autoComplete={f.autoComplete} inputMode={f.inputMode} required value={form[f.name]} error={errors[f.name]} onChange={(e) => set(f.name, e.target.value)} />
              ))}
            </div>
          </fieldset>

          <div className="checkout-side">
            <div className="promo">
              <label className="field__label" htmlFor={`${titleId}-promo`}>{p.label}</label>
              <div className="promo__row">
                <input id={`${titleId}-promo`} className="field__control" name="promoCode" autoComplete="off" autoCapitalize="characters" value={promoCode}
                  onChange={(e) => onPromoChange(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void applyPromo(); } }}
                  aria-describedby={promo.message ? `${titleId}-promo-msg` : undefined} aria-invalid={promo.tone === 'error' || undefined} />
                <button type="button" className="button button--ghost promo__apply" onClick={() => void applyPromo()} disabled={checking}>{p.apply}</button>
              </div>
              {promo.message && <p id={`${titleId}-promo-msg`} className={`promo__msg promo__msg--${promo.tone}`} role={promo.tone === 'error' ? 'alert' : 'status'}>{promo.message}</p>}
              {q && q.promoCode && q.discount === 0 && q.lines.length > 0 && <p className="promo__msg promo__msg--hint">{p.notApplicable}</p>}
            </div>

            <dl className="totals" aria-live="polite" aria-busy={quote.isFetching}>
              <div className="totals__row"><dt>{messages.cart.subtotal}</dt><dd className="price" data-testid="quote-subtotal">{q ? formatEuro(q.subtotal) : '…'}</dd></div>
              {q && q.discount > 0 && (
                <div className="totals__row totals__row--discount"><dt title={q.promoCode ?? undefined}>{messages.cart.discount} −{q.promoPercentage}%</dt><dd className="price" data-testid="quote-discount">−{formatEuro(q.discount)}</dd></div>
              )}
              <div className="totals__row"><dt>{messages.cart.shipping}</dt><dd className="price" data-testid="quote-shipping">{q && q.shipping !== null ? formatEuro(q.shipping) : <span className="totals__hint">{m.chooseCountryForShipping}</span>}</dd></div>
              <div className="totals__row totals__row--grand"><dt>{messages.cart.total}</dt><dd className="price" data-testid="quote-total">{q ? formatEuro(q.total) : '…'}</dd></div>
            </dl>

            <div className="payment-note">
              <strong>{m.cashOnDelivery}</strong>
              <span>{m.paymentNote}</span>
            </div>
            {stockProblem && <p className="checkout-dialog__problem" role="alert">{stockProblem}</p>}
            <button type="submit" className="button button--block" disabled={place.isPending || items.length === 0}>
              {place.isPending ? m.placing : m.placeOrder}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}

function CountrySelect({ value, error, onChange, countries, loading }: { value: string; error?: string; onChange: (v: string) => void; countries: Array<{ countryID: number; countryName: string; shippingPrice: number }>; loading: boolean }) {
  const id = useId();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>{m.country}</label>
      <select id={id} className="field__control" name="countryID" autoComplete="country-name" required value={value} onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">{loading ? messages.common.loading : m.chooseCountry}</option>
        {countries.map((c) => (
          <option key={c.countryID} value={c.countryID}>{c.countryName} — {formatEuro(c.shippingPrice)}</option>
        ))}
      </select>
      {error && <p className="field__error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}
