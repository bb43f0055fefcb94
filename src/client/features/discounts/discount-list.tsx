// Discount list in product or promo mode (by path), each discount with an expandable gallery of its products.
import { notify } from '#client/lib/notify';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fill, messages, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { formatDate } from '#shared/dates';
import type { DiscountProductDto, ProductDiscountDto, PromoDto } from '#shared/dto/discounts';
import { formatEuro } from '#shared/money';
import { matchesQuery } from '#shared/text';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { PageHeader } from '#client/components/dashboard/page-header';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { useDashboardSearch } from '#client/components/dashboard/search-store';
import { DiscountStateBadge, Thumb } from '#client/components/dashboard/sales-kit';

const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;

export type DiscountMode = 'product' | 'promo';

interface Row {
  id: number;
  /** What it takes off, as the card's large label shows it: "−20%", or "−5,00 €" for a fixed promo code. */
  worth: string;
  code: string | null;
  startDate: string;
  endDate: string;
  state: ProductDiscountDto['state'];
  products: DiscountProductDto[];
  allProducts: boolean;
  promo: PromoDto | null;
}

const fromDiscount = (d: ProductDiscountDto): Row => ({
  id: d.productDiscountID,
  worth: `−${d.discountPercentage}%`,
  code: null,
  startDate: d.startDate,
  endDate: d.endDate,
  state: d.state,
  products: d.products,
  allProducts: false,
  promo: null,
});
const fromPromo = (p: PromoDto): Row => ({
  id: p.promoCodeDiscountID,
  worth:
    p.discountKind === 'fixed' && p.discountAmount !== null
      ? `−${formatEuro(p.discountAmount)}`
      : `−${p.discountPercentage}%`,
  code: p.codeName,
  startDate: p.startDate,
  endDate: p.endDate,
  state: p.state,
  products: p.products,
  allProducts: p.applicableProductIDs.length === 0,
  promo: p,
});

export function DiscountTabs({ mode }: { mode: DiscountMode }) {
  return (
    <nav className="sales-tabs" aria-label={m.discounts}>
      {/* Exact matches: /dashboard/discount is a prefix of the promo tab's path, and only one tab is the current page. */}
      <Link to="/dashboard/discount" activeOptions={{ exact: true }} className={mode === 'product' ? 'is-active' : ''}>
        {s.productDiscounts}
      </Link>
      <Link
        to="/dashboard/discount/promo"
        activeOptions={{ exact: true }}
        className={mode === 'promo' ? 'is-active' : ''}
      >
        {m.promoCodes}
      </Link>
    </nav>
  );
}

export function DiscountList({ mode }: { mode: DiscountMode }) {
  const qc = useQueryClient();
  const search = useDashboardSearch();
  const discounts = useQuery({ ...trpc.discounts.listProductDiscounts.queryOptions(), enabled: mode === 'product' });
  const promos = useQuery({ ...trpc.discounts.listPromos.queryOptions(), enabled: mode === 'promo' });
  const query = mode === 'product' ? discounts : promos;
  const rows: Row[] | undefined = mode === 'product' ? discounts.data?.map(fromDiscount) : promos.data?.map(fromPromo);
  const { confirm, dialog } = useConfirm();

  const removeDiscount = useMutation(trpc.discounts.deleteProductDiscount.mutationOptions());
  const removePromo = useMutation(trpc.discounts.deletePromo.mutationOptions());

  async function onDelete(row: Row) {
    if (!(await confirm(s.confirmDeleteDiscount))) return;
    try {
      if (mode === 'product') await removeDiscount.mutateAsync({ id: row.id });
      else await removePromo.mutateAsync({ id: row.id });
      notify.success(s.discountDeleted);
      await qc.invalidateQueries({
        queryKey:
          mode === 'product' ? trpc.discounts.listProductDiscounts.queryKey() : trpc.discounts.listPromos.queryKey(),
      });
    } catch (err) {
      notify.error(readError(err, m.saveFailed).message);
    }
  }

  const visible = rows?.filter((r) =>
    matchesQuery(search, [
      r.code,
      r.worth,
      r.startDate,
      r.endDate,
      ...r.products.map((p) => p.name),
      ...r.products.map((p) => p.barcode),
    ]),
  );

  return (
    <>
      <PageHeader
        title={mode === 'product' ? m.discounts : m.promoCodes}
        actions={
          <>
            <DiscountTabs mode={mode} />
            <Link
              to={mode === 'product' ? '/dashboard/add-discount' : '/dashboard/add-discount/promo'}
              className="dash-btn dash-btn--primary"
            >
              {mode === 'product' ? m.addDiscount : m.addPromo}
            </Link>
          </>
        }
      />
      {query.isPending && query.fetchStatus !== 'idle' ? (
        <div className="dash-card sales-notice">{messages.common.loading}</div>
      ) : query.isError ? (
        <div className="dash-card sales-notice is-error" role="alert">
          {readError(query.error, s.loadFailed).message}
        </div>
      ) : !visible || visible.length === 0 ? (
        <div className="dash-card sales-notice">
          {rows && rows.length > 0 ? messages.common.noResults : m.noDiscounts}
        </div>
      ) : (
        <ul className="sales-discounts" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {visible.map((row) => (
            <DiscountCard key={row.id} row={row} mode={mode} onDelete={() => void onDelete(row)} />
          ))}
        </ul>
      )}
      {dialog}
    </>
  );
}

function DiscountCard({ row, mode, onDelete }: { row: Row; mode: DiscountMode; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  const galleryId = `gallery-${mode}-${row.id}`;
  const count = row.products.length;
  return (
    <li className="sales-discount">
      <div className="sales-discount-head">
        <div className="sales-percent" data-testid="discount-worth">
          {row.worth}
        </div>
        <div className="sales-discount-meta">
          {row.code && <strong>{row.code}</strong>}
          <DiscountStateBadge state={row.state} />
          <span>
            {formatDate(row.startDate)} – {formatDate(row.endDate)}
          </span>
          {row.allProducts ? (
            <span className="dash-muted">{s.allProducts}</span>
          ) : (
            <button
              type="button"
              className="dash-btn dash-btn--sm"
              aria-expanded={open}
              aria-controls={galleryId}
              onClick={() => setOpen((o) => !o)}
            >
              {plural(s.productsCount, count)} · {open ? s.hideProducts : s.showProducts}
            </button>
          )}
          {/* A promo's one count is its uses, the number its limit is checked against (issue 35): "Porositë: 5"
              beside "2 përdorime" read as a contradiction. */}
          {row.promo && <PromoLimitsLine promo={row.promo} />}
        </div>
        <div className="actions" style={{ display: 'flex', gap: 6 }}>
          {mode === 'product' ? (
            <Link to="/dashboard/edit-discount/$id" params={{ id: String(row.id) }} className="dash-btn dash-btn--sm">
              {messages.common.edit}
            </Link>
          ) : (
            <Link
              to="/dashboard/edit-discount/promo/$id"
              params={{ id: String(row.id) }}
              className="dash-btn dash-btn--sm"
            >
              {messages.common.edit}
            </Link>
          )}
          <button type="button" className="dash-btn dash-btn--sm dash-btn--danger" onClick={onDelete}>
            {messages.common.delete}
          </button>
        </div>
      </div>
      {open && (
        <div className="sales-gallery" id={galleryId}>
          {row.products.map((p) => (
            <figure key={p.productID}>
              <Thumb url={p.imageURL} alt={p.name} />
              <figcaption>
                {p.name}
                <br />
                <span className="dash-muted">{formatEuro(p.price)}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      )}
    </li>
  );
}

/** A promo's limits on its card: on/off, uses of the total limit, per customer, minimum subtotal (decision 181). */
function PromoLimitsLine({ promo }: { promo: PromoDto }) {
  const pl = staffMessages.promoLimits;
  const parts = [
    promo.maxUses === null
      ? plural(pl.usesUnlimited, promo.uses)
      : plural(pl.usesOf, promo.maxUses, { uses: promo.uses }),
    promo.maxUsesPerCustomer === null ? null : fill(pl.perCustomer, { n: promo.maxUsesPerCustomer }),
    promo.minSubtotal === null ? null : fill(pl.minShort, { amount: formatEuro(promo.minSubtotal) }),
  ].filter((x): x is string => x !== null);
  return (
    <span className="dash-muted" data-testid="promo-limits">
      {!promo.isActive && <span className="sales-badge is-expired">{pl.inactive}</span>} {parts.join(' · ')}
    </span>
  );
}
