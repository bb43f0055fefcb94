// Manual order builder (/dashboard/add-orders): product grid, colour then size, a cart of fixed-quantity lines,
// the customer form, shipping and total quoted by the server, and a result modal. Orders go through the
// storefront's checkout service (orders.placeManual), so stock and prices are checked the same way.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { fill, messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import type { ProductCardDto, ProductVariantDto } from '../../../shared/dto/catalog';
import { formatEuro } from '../../../shared/money';
import { CustomerDetailsInput } from '../../../shared/schemas/checkout';
import { sortSizes } from '../../../shared/sizes';
import { matchesQuery } from '../../../shared/text';
import { trpc } from '../../lib/trpc';
import { getGuestId } from '../../lib/guest-id';
import { PageHeader } from '../../components/dashboard/page-header';
import { FormField } from '../../components/dashboard/form-field';
import { useDashboardSearch } from '../../components/dashboard/search-store';
import { InnerTable, Thumb, serverErrors, type FieldErrors, validate } from './sales-kit';

const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;
const c = messages.checkout;

/** The spec's redirect delay after the result modal's OK. */
export const MODAL_REDIRECT_MS = 500;

interface Line {
  productVariantId: number;
  productId: number;
  productName: string;
  productPrice: number;
  quantity: 1;
  size: string;
  color: string;
  imageUrl: string;
}

type Customer = { email: string; firstName: string; lastName: string; phoneNumber: string; countryID: string; city: string; address: string; zipCode: string };
const emptyCustomer: Customer = { email: '', firstName: '', lastName: '', phoneNumber: '', countryID: '', city: '', address: '', zipCode: '' };

function newKey(): string {
  return `manual_${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function OrderBuilder() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const search = useDashboardSearch();
  const products = useQuery(trpc.catalog.products.queryOptions());
  const countries = useQuery(trpc.catalog.countries.queryOptions());
  const [productId, setProductId] = useState<number | null>(null);
  const [colorId, setColorId] = useState<number | null>(null);
  const [sizeId, setSizeId] = useState<number | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [cart, setCart] = useState<Line[]>([]);
  const [customer, setCustomer] = useState<Customer>(emptyCustomer);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<'success' | 'failure' | null>(null);
  const idempotencyKey = useRef(newKey());
  const pickerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (productId !== null) pickerRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [productId]);
  const place = useMutation(trpc.orders.placeManual.mutationOptions());

  const product = useQuery({ ...trpc.catalog.product.queryOptions({ productID: productId ?? 0 }), enabled: productId !== null });
  const card = products.data?.find((p) => p.productID === productId);

  const colors = useMemo(() => {
    const seen = new Map<number, { colorID: number; colorName: string; hexCode: string }>();
    for (const v of product.data?.productVariants ?? []) if (!seen.has(v.colorID)) seen.set(v.colorID, { colorID: v.colorID, colorName: v.colorName, hexCode: v.hexCode });
    return [...seen.values()];
  }, [product.data]);
  const sizes: ProductVariantDto[] = useMemo(
    () => sortSizes((product.data?.productVariants ?? []).filter((v) => v.colorID === colorId)),
    [product.data, colorId],
  );

  const countryID = Number(customer.countryID) || null;
  const quote = useQuery({
    ...trpc.checkout.quote.queryOptions({ items: cart.map((l) => ({ productVariantId: l.productVariantId, quantity: 1 })), countryID, promoCode: null }),
    enabled: cart.length > 0,
  });

  function chooseProduct(p: ProductCardDto) {
    setProductId(p.productID);
    setColorId(null);
    setSizeId(null);
    setPickError(null);
  }

  function addLine() {
    if (!product.data || colorId === null || sizeId === null) return setPickError(m.selectColorAndSize);
    const variant = product.data.productVariants.find((v) => v.colorID === colorId && v.sizeID === sizeId);
    if (!variant) return setPickError(m.noMatchingVariant);
    setPickError(null);
    if (cart.some((l) => l.productVariantId === variant.variantID)) {
      toast.info(s.alreadyInCart);
      return;
    }
    const images = product.data.images.find((i) => i.colorID === colorId)?.imageURLs ?? product.data.imageURLs;
    setCart((old) => [
      ...old,
      {
        productVariantId: variant.variantID,
        productId: product.data.productID,
        productName: product.data.name,
        // Quantity 1 at the discounted price if present, otherwise the price (the server re-prices anyway).
        productPrice: product.data.discountedPrice ?? product.data.price,
        quantity: 1,
        size: variant.sizeName,
        color: variant.colorName,
        imageUrl: images[0] ?? '',
      },
    ]);
    toast.success(s.addedToOrder);
  }

  const setField = (k: keyof Customer, v: string) => {
    setCustomer((o) => ({ ...o, [k]: v }));
    setErrors((o) => ({ ...o, [k]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (cart.length === 0) {
      toast.error(m.cartEmpty);
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

  const shown = (products.data ?? []).filter((p) => matchesQuery(search, [p.name, p.barcode, p.brand]));
  const f = (k: string) => `mo-${k}`;

  return (
    <>
      <PageHeader title={s.manualOrderTitle} />
      <div className="sales-builder">
        <section className="dash-card" aria-labelledby="mo-products">
          <h2 className="sales-card-title" id="mo-products">{s.chooseProduct}</h2>
          {products.isPending ? (
            <p className="dash-muted">{messages.common.loading}</p>
          ) : shown.length === 0 ? (
            <p className="dash-muted">{messages.listing.noProducts}</p>
          ) : (
            <div className="sales-product-grid">
              {shown.map((p) => (
                <button type="button" key={p.productID} className={`sales-product${p.productID === productId ? ' is-selected' : ''}`} aria-pressed={p.productID === productId} onClick={() => chooseProduct(p)} disabled={p.stockQuantity === 0} title={p.name}>
                  <Thumb url={p.imageURLs[0]} alt="" />
                  <span className="sales-product-name">{p.name}</span>
                  <span className="sales-product-price">
                    {p.discountedPrice !== null && p.discountedPrice < p.price ? (
                      <><s>{formatEuro(p.price)}</s>{formatEuro(p.discountedPrice)}</>
                    ) : (
                      formatEuro(p.price)
                    )}
                  </span>
                  {p.stockQuantity === 0 && <span className="dash-muted" style={{ fontSize: '.72rem' }}>{s.outOfStockShort}</span>}
                </button>
              ))}
            </div>
          )}
        </section>

        {productId !== null && (
          <section className="dash-card sales-picker-row" aria-labelledby="mo-variant" ref={pickerRef}>
            <h2 className="sales-card-title" id="mo-variant">{card?.name ?? product.data?.name}</h2>
            {product.isPending ? (
              <p className="dash-muted">{messages.common.loading}</p>
            ) : (
              <>
                <div role="group" aria-label={s.chooseColor}>
                  <p className="dash-muted" style={{ margin: '0 0 6px' }}>{s.chooseColor}</p>
                  <div className="sales-options">
                    {colors.map((col) => (
                      <button type="button" key={col.colorID} className="sales-option" aria-pressed={colorId === col.colorID} onClick={() => { setColorId(col.colorID); setSizeId(null); setPickError(null); }}>
                        <span className="dash-swatch" style={{ background: col.hexCode }} /> {col.colorName}
                      </button>
                    ))}
                  </div>
                </div>
                {colorId !== null && (
                  <div role="group" aria-label={s.chooseSize}>
                    <p className="dash-muted" style={{ margin: '0 0 6px' }}>{s.chooseSize}</p>
                    <div className="sales-options">
                      {sizes.map((v) => (
                        <button type="button" key={v.variantID} className="sales-option" aria-pressed={sizeId === v.sizeID} disabled={v.stockQuantity === 0} onClick={() => { setSizeId(v.sizeID); setPickError(null); }} title={fill(s.inStock, { n: v.stockQuantity })}>
                          {v.sizeName}
                        </button>
                      ))}
                    </div>
                  </div>
                )}
                {pickError && <p className="dash-error" role="alert">{pickError}</p>}
                <div>
                  <button type="button" className="dash-btn dash-btn--primary" onClick={addLine}>{s.addToCart}</button>
                </div>
              </>
            )}
          </section>
        )}

        {cart.length > 0 && (
          <section className="dash-card" aria-labelledby="mo-cart">
            <h2 className="sales-card-title" id="mo-cart">{s.cart}</h2>
            <InnerTable columns={[{ label: s.product }, { label: s.color }, { label: s.size }, { label: s.quantity, className: 'num' }, { label: s.price, className: 'num' }, { label: <span className="visually-hidden">{s.actions}</span>, className: 'actions' }]}>
              {cart.map((l) => (
                <tr key={l.productVariantId}>
                  <td><span className="sales-line"><Thumb url={l.imageUrl || null} alt="" />{l.productName}</span></td>
                  <td>{l.color}</td>
                  <td>{l.size}</td>
                  <td className="num">1</td>
                  <td className="num">{formatEuro(quote.data?.lines.find((q) => q.productVariantId === l.productVariantId)?.unitPrice ?? l.productPrice)}</td>
                  <td className="actions">
                    <button type="button" className="dash-btn dash-btn--sm" onClick={() => setCart((o) => o.filter((x) => x.productVariantId !== l.productVariantId))}>{s.removeLine}</button>
                  </td>
                </tr>
              ))}
            </InnerTable>
          </section>
        )}

        <form className="dash-card dash-form is-wide" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="mo-customer">
          <h2 className="sales-card-title" id="mo-customer">{s.customerDetails}</h2>
          <div className="dash-form-grid">
            <FormField label={c.email} htmlFor={f('email')} error={errors.email} required>
              <input id={f('email')} type="email" value={customer.email} onChange={(e) => setField('email', e.target.value)} autoComplete="off" />
            </FormField>
            <FormField label={c.phoneNumber} htmlFor={f('phone')} error={errors.phoneNumber} required>
              <input id={f('phone')} type="tel" value={customer.phoneNumber} onChange={(e) => setField('phoneNumber', e.target.value)} autoComplete="off" />
            </FormField>
            <FormField label={c.firstName} htmlFor={f('first')} error={errors.firstName} required>
              <input id={f('first')} value={customer.firstName} onChange={(e) => setField('firstName', e.target.value)} autoComplete="off" />
            </FormField>
            <FormField label={c.lastName} htmlFor={f('last')} error={errors.lastName} required>
              <input id={f('last')} value={customer.lastName} onChange={(e) => setField('lastName', e.target.value)} autoComplete="off" />
            </FormField>
            <FormField label={c.country} htmlFor={f('country')} error={errors.countryID} required>
              <select id={f('country')} value={customer.countryID} onChange={(e) => setField('countryID', e.target.value)}>
                <option value="">{c.chooseCountry}</option>
                {(countries.data ?? []).map((co) => (
                  <option key={co.countryID} value={co.countryID}>{co.countryName} ({formatEuro(co.shippingPrice)})</option>
                ))}
              </select>
            </FormField>
            <FormField label={c.city} htmlFor={f('city')} error={errors.city} required>
              <input id={f('city')} value={customer.city} onChange={(e) => setField('city', e.target.value)} autoComplete="off" />
            </FormField>
            <FormField label={c.address} htmlFor={f('address')} error={errors.address} required>
              <input id={f('address')} value={customer.address} onChange={(e) => setField('address', e.target.value)} autoComplete="off" />
            </FormField>
            <FormField label={c.zipCode} htmlFor={f('zip')} error={errors.zipCode} required>
              <input id={f('zip')} value={customer.zipCode} onChange={(e) => setField('zipCode', e.target.value)} autoComplete="off" />
            </FormField>
          </div>
          <div className="sales-summary" aria-live="polite">
            <div><span>{s.subtotal}</span><span>{formatEuro(quote.data?.subtotal ?? 0)}</span></div>
            <div><span>{s.shipping}</span><span>{quote.data?.shipping != null ? formatEuro(quote.data.shipping) : '—'}</span></div>
            <div className="is-total"><span>{s.total}</span><span>{formatEuro(cart.length ? (quote.data?.total ?? 0) : 0)}</span></div>
          </div>
          <div className="dash-form-actions">
            <button type="submit" className="dash-btn dash-btn--primary" disabled={place.isPending} aria-busy={place.isPending}>{s.placeOrder}</button>
          </div>
        </form>
      </div>
      <ResultModal result={result} onOk={onModalOk} />
    </>
  );
}

function ResultModal({ result, onOk }: { result: 'success' | 'failure' | null; onOk: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (result && !d.open) d.showModal();
    if (!result && d.open) d.close();
  }, [result]);
  return (
    <dialog ref={ref} className="sales-modal" aria-live="assertive" onCancel={(e) => { e.preventDefault(); onOk(); }}>
      <p className={result === 'success' ? 'is-ok' : 'is-fail'}>{result === 'success' ? c.success : c.failure}</p>
      <button type="button" className="dash-btn dash-btn--primary" onClick={onOk} autoFocus>{messages.common.ok}</button>
    </dialog>
  );
}
