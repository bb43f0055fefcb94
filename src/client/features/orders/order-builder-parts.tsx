// Sections of the manual order builder: the product grid, the colour/size picker, the order's cart and the
// result modal. The customer form is in order-builder-customer.tsx.
import type { QuoteDto } from '#shared/dto/checkout';
import { fill, messages, plural } from '#shared/messages';
import { listingMessages } from '#shared/messages/listing';
import { checkoutMessages } from '#shared/messages/checkout';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';
import { SEARCH_MAX } from '#shared/schemas/paging';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { Line, VariantPick } from './order-builder-pick';
import type { ProductSearch } from '#client/components/dashboard/product-search';
import type { ManualOrderResult } from './order-builder-submit';
import { Swatch } from '#client/components/dashboard/swatch';
import { useModalDialog } from '#client/lib/use-modal-dialog';
import { InnerTable, Thumb } from '#client/components/dashboard/sales-kit';

const s = staffMessages.dashboardSales;
const c = checkoutMessages.checkout;

interface ProductGridProps {
  /** The server's answer to what is typed (product-search.ts): one page, by name. */
  search: ProductSearch;
  selected: number | null;
  onChoose: (p: { productID: number }) => void;
  query: string;
  onQuery: (q: string) => void;
}

/** ArrowDown in the search box moves to the first product, as in a list of suggestions. */
function toFirstProduct(e: KeyboardEvent<HTMLInputElement>, grid: HTMLElement | null) {
  if (e.key === 'Enter') e.preventDefault(); // the search box sits inside the order edit's form
  if (e.key !== 'ArrowDown') return;
  const first = grid?.querySelector<HTMLButtonElement>('button:not(:disabled)');
  if (first) {
    e.preventDefault();
    first.focus();
  }
}

export function ProductGrid({ search, selected, onChoose, query, onQuery }: ProductGridProps) {
  const grid = useRef<HTMLDivElement>(null);
  const products = search.products ?? [];
  return (
    <section className="dash-card" aria-labelledby="mo-products" aria-busy={search.searching}>
      <div className="sales-grid-head">
        <h2 className="sales-card-title" id="mo-products">
          {s.chooseProduct}
        </h2>
        <input
          type="search"
          className="dash-input"
          value={query}
          placeholder={s.searchProducts}
          aria-label={s.searchProducts}
          onChange={(e) => onQuery(e.target.value)}
          onKeyDown={(e) => toFirstProduct(e, grid.current)}
          maxLength={SEARCH_MAX}
          data-testid="mo-search"
        />
        {!search.pending && (
          <span className="dash-muted" aria-live="polite">
            {search.total > products.length
              ? fill(s.pickerShownOfTotal, { shown: products.length, total: search.total })
              : plural(s.productsCount, products.length)}
          </span>
        )}
      </div>
      {search.pending ? (
        <p className="dash-muted">{messages.common.loading}</p>
      ) : products.length === 0 ? (
        <p className="dash-muted">{listingMessages.noProducts}</p>
      ) : (
        <div className="sales-product-grid" ref={grid}>
          {products.map((p) => (
            <button
              type="button"
              key={p.productID}
              className={`sales-product${p.productID === selected ? ' is-selected' : ''}`}
              aria-pressed={p.productID === selected}
              onClick={() => onChoose(p)}
              disabled={p.stockQuantity === 0}
              title={p.name}
            >
              <Thumb url={p.thumbnailURL} alt="" />
              <span className="sales-product-name">{p.name}</span>
              <span className="sales-product-price">
                {p.discountedPrice !== null && p.discountedPrice < p.price ? (
                  <>
                    <s>{formatEuro(p.price)}</s>
                    {formatEuro(p.discountedPrice)}
                  </>
                ) : (
                  formatEuro(p.price)
                )}
              </span>
              {p.stockQuantity === 0 && (
                <span className="dash-muted" style={{ fontSize: '.72rem' }}>
                  {s.outOfStockShort}
                </span>
              )}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

interface VariantPickerProps {
  pick: VariantPick;
  title: string | undefined;
  /** The add button's text: "Shto në shportë" in the builder, "Shto në porosi" in the order edit. */
  addLabel?: string;
}

export function VariantPicker({ pick, title, addLabel = s.addToCart }: VariantPickerProps) {
  const { colorId, sizeId, pickError, colors, sizes } = pick;
  return (
    <section className="dash-card sales-picker-row" aria-labelledby="mo-variant" ref={pick.pickerRef}>
      <h2 className="sales-card-title" id="mo-variant">
        {title}
      </h2>
      {pick.product.isPending ? (
        <p className="dash-muted">{messages.common.loading}</p>
      ) : (
        <>
          {!pick.colourless && (
            <div role="group" aria-label={s.chooseColor}>
              <p className="dash-muted" style={{ margin: '0 0 6px' }}>
                {s.chooseColor}
              </p>
              <div className="sales-options">
                {colors.map((col) => (
                  <button
                    type="button"
                    key={col.colorID}
                    className="sales-option"
                    aria-pressed={colorId === col.colorID}
                    onClick={() => pick.chooseColor(col.colorID)}
                  >
                    <Swatch colour={col} /> {col.colorName}
                  </button>
                ))}
              </div>
            </div>
          )}
          {colorId !== null && (
            <div role="group" aria-label={s.chooseSize}>
              <p className="dash-muted" style={{ margin: '0 0 6px' }}>
                {s.chooseSize}
              </p>
              <div className="sales-options">
                {sizes.map((v) => (
                  <button
                    type="button"
                    key={v.variantID}
                    className="sales-option"
                    aria-pressed={sizeId === v.sizeID}
                    disabled={v.stockQuantity === 0}
                    onClick={() => pick.chooseSize(v.sizeID)}
                    title={fill(s.inStock, { n: v.stockQuantity })}
                  >
                    {v.sizeName}
                  </button>
                ))}
              </div>
            </div>
          )}
          {pickError && (
            <p className="dash-error" role="alert">
              {pickError}
            </p>
          )}
          <div>
            <button type="button" className="dash-btn dash-btn--primary" onClick={pick.addLine}>
              {addLabel}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

export function OrderCart({
  cart,
  quote,
  onRemove,
}: {
  cart: Line[];
  quote: QuoteDto | undefined;
  onRemove: (productVariantId: number) => void;
}) {
  return (
    <section className="dash-card" aria-labelledby="mo-cart">
      <h2 className="sales-card-title" id="mo-cart">
        {s.cart}
      </h2>
      <InnerTable
        columns={[
          { label: s.product },
          { label: s.color },
          { label: s.size },
          { label: s.quantity, className: 'num' },
          { label: s.price, className: 'num' },
          { label: <span className="visually-hidden">{s.actions}</span>, className: 'actions' },
        ]}
      >
        {cart.map((l) => (
          <tr key={l.productVariantId}>
            <td>
              <span className="sales-line">
                <Thumb url={l.imageUrl || null} alt="" />
                {l.productName}
              </span>
            </td>
            <td>{l.color || '—'}</td>
            <td>{l.size}</td>
            <td className="num">1</td>
            <td className="num">
              {formatEuro(
                quote?.lines.find((q) => q.productVariantId === l.productVariantId)?.unitPrice ?? l.productPrice,
              )}
            </td>
            <td className="actions">
              <button type="button" className="dash-btn dash-btn--sm" onClick={() => onRemove(l.productVariantId)}>
                {s.removeLine}
              </button>
            </td>
          </tr>
        ))}
      </InnerTable>
    </section>
  );
}

/** The result modal: on success the new order's number (the one format, decision 221) with a link to the order. */
export function ResultModal({ result, onOk }: { result: ManualOrderResult; onOk: () => void }) {
  const ref = useModalDialog(result !== null);
  const okRef = useRef<HTMLButtonElement>(null);
  const placed = result !== null && result !== 'failure' ? result.placed : null;
  // showModal() focuses the first control (the link); OK stays the default, as the spec's modal had it.
  useEffect(() => {
    if (result !== null) okRef.current?.focus();
  }, [result]);
  return (
    <dialog
      ref={ref}
      className="sales-modal"
      aria-live="assertive"
      aria-labelledby="mo-result"
      onCancel={(e) => {
        e.preventDefault();
        onOk();
      }}
    >
      <p id="mo-result" className={placed ? 'is-ok' : 'is-fail'}>
        {placed ? c.success : c.failure}
      </p>
      {placed && (
        <div className="sales-modal__placed">
          <p>
            {s.placedNumber}:{' '}
            <strong className="sales-modal__number" data-testid="placed-order-number">
              {placed.orderNumber}
            </strong>
          </p>
          {!placed.customerDetails.email && <p className="dash-muted">{s.noEmailSent}</p>}
        </div>
      )}
      <div className="sales-modal__actions">
        {placed && (
          <Link
            to="/dashboard/orderDetails/$id"
            params={{ id: String(placed.orderId) }}
            className="dash-btn"
            aria-label={`${s.openOrder} ${placed.orderNumber}`}
          >
            {s.openOrder}
          </Link>
        )}
        <button type="button" className="dash-btn dash-btn--primary" onClick={onOk} ref={okRef}>
          {messages.common.ok}
        </button>
      </div>
    </dialog>
  );
}
