// Searchable product multi-select for the discount forms: checkbox list with thumbnails and removable chips. The list
// is one page of the server's search (product-search.ts, decision 261); the chosen products stay as chips with
// their names whether or not the current search shows them.
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { fill, messages, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { DiscountProductDto } from '#shared/dto/discounts';
import { formatEuro } from '#shared/money';
import { SEARCH_MAX } from '#shared/schemas/paging';
import type { FieldControlProps } from '../ui/field';
import { useProductSearch } from './product-search';
import { Thumb } from './sales-kit';

const s = staffMessages.dashboardSales;

type Brief = Pick<DiscountProductDto, 'productID' | 'name' | 'barcode' | 'price' | 'imageURL'>;

interface PickerProps {
  /** The search box is the field's control: it takes the field's id and aria-invalid / aria-describedby. */
  control: FieldControlProps;
  /** Products already known by id (a saved discount's own), so their chips have names before any search. */
  known?: readonly DiscountProductDto[];
  value: number[];
  onChange: (ids: number[]) => void;
}

/** The products seen so far by id: the saved ones and every answer's, so a chosen product keeps its name. */
function useKnownProducts(known: readonly DiscountProductDto[] | undefined, shown: Brief[] | undefined) {
  const seen = useRef(new Map<number, Brief>());
  return useMemo(() => {
    for (const p of [...(known ?? []), ...(shown ?? [])]) seen.current.set(p.productID, p);
    return seen.current;
  }, [known, shown]);
}

/** ArrowDown in the search box moves to the first checkbox; Enter there never submits the discount form. */
function fromSearchBox(e: KeyboardEvent<HTMLInputElement>, list: HTMLElement | null) {
  if (e.key === 'Enter') e.preventDefault();
  if (e.key !== 'ArrowDown') return;
  const first = list?.querySelector<HTMLInputElement>('input[type="checkbox"]');
  if (first) {
    e.preventDefault();
    first.focus();
  }
}

export function ProductPicker({ control, known, value, onChange }: PickerProps) {
  const [query, setQuery] = useState('');
  const search = useProductSearch(query);
  const shown = useMemo(
    () =>
      search.products?.map((p): Brief => ({
        productID: p.productID,
        name: p.name,
        barcode: p.barcode,
        price: p.price,
        imageURL: p.thumbnailURL,
      })),
    [search.products],
  );
  const byId = useKnownProducts(known, shown);
  const list = useRef<HTMLUListElement>(null);
  const selected = useMemo(() => new Set(value), [value]);
  const toggle = (pid: number) => onChange(selected.has(pid) ? value.filter((v) => v !== pid) : [...value, pid]);
  const invalid = Boolean(control['aria-invalid']);
  return (
    <div className="sales-picker" style={invalid ? { borderColor: 'var(--danger)' } : undefined}>
      <div className="sales-picker-search">
        <input
          id={control.id}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          type="search"
          value={query}
          placeholder={s.searchProducts}
          maxLength={SEARCH_MAX}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => fromSearchBox(e, list.current)}
        />
        <span className="dash-muted" aria-live="polite">
          {plural(s.selected, value.length)}
        </span>
        {value.length > 0 && (
          <button type="button" className="dash-btn dash-btn--sm" onClick={() => onChange([])}>
            {s.clearSelection}
          </button>
        )}
      </div>
      <ul className="sales-picker-list" aria-label={s.products} aria-busy={search.searching} ref={list}>
        <PickerItems shown={shown} selected={selected} toggle={toggle} />
      </ul>
      {shown && search.total > shown.length && (
        <p className="dash-muted" style={{ margin: '4px 8px' }}>
          {fill(s.pickerShownOfTotal, { shown: shown.length, total: search.total })}
        </p>
      )}
      {value.length > 0 && <PickerChips value={value} byId={byId} toggle={toggle} />}
    </div>
  );
}

/** The products matching the search, each with its checkbox (loading, or none found). */
function PickerItems({
  shown,
  selected,
  toggle,
}: {
  shown: Brief[] | undefined;
  selected: Set<number>;
  toggle: (pid: number) => void;
}) {
  const note = !shown ? messages.common.loading : shown.length === 0 ? messages.common.noResults : null;
  if (note)
    return (
      <li className="dash-muted" style={{ padding: 8 }}>
        {note}
      </li>
    );
  return shown!.map((p) => (
    <li key={p.productID}>
      <label>
        <input type="checkbox" checked={selected.has(p.productID)} onChange={() => toggle(p.productID)} />
        <Thumb url={p.imageURL} alt="" />
        <span style={{ flex: 1 }}>
          {p.name}
          {p.barcode && <span className="dash-muted"> · {p.barcode}</span>}
        </span>
        <span className="dash-muted">{formatEuro(p.price)}</span>
      </label>
    </li>
  ));
}

/** The chosen products as chips, each removable. */
function PickerChips({
  value,
  byId,
  toggle,
}: {
  value: number[];
  byId: Map<number, Brief>;
  toggle: (pid: number) => void;
}) {
  return (
    <div className="sales-picker-chips">
      {value.map((pid) => (
        <span key={pid} className="dash-chip">
          {byId.get(pid)?.name ?? `#${pid}`}
          <button
            type="button"
            className="sales-chip-remove"
            aria-label={`${messages.common.delete} ${byId.get(pid)?.name ?? pid}`}
            onClick={() => toggle(pid)}
          >
            ×
          </button>
        </span>
      ))}
    </div>
  );
}
