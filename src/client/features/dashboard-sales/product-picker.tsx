// Searchable product multi-select for the discount forms: checkbox list with thumbnails and removable chips.
import { useMemo, useState } from 'react';
import { messages, plural } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import type { DiscountProductDto } from '../../../shared/dto/discounts';
import { formatEuro } from '../../../shared/money';
import { matchesQuery } from '../../../shared/text';
import type { FieldControlProps } from '../../components/ui/field';
import { Thumb } from './sales-kit';

const s = staffMessages.dashboardSales;

interface PickerProps {
  /** The search box is the field's control: it takes the field's id and aria-invalid / aria-describedby. */
  control: FieldControlProps;
  products: DiscountProductDto[] | undefined;
  value: number[];
  onChange: (ids: number[]) => void;
}

export function ProductPicker({ control, products, value, onChange }: PickerProps) {
  const [query, setQuery] = useState('');
  const selected = useMemo(() => new Set(value), [value]);
  const byId = useMemo(() => new Map((products ?? []).map((p) => [p.productID, p])), [products]);
  const shown = products?.filter((p) => matchesQuery(query, [p.name, p.barcode]));
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
          onChange={(e) => setQuery(e.target.value)}
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
      <PickerList shown={shown} selected={selected} toggle={toggle} />
      {value.length > 0 && <PickerChips value={value} byId={byId} toggle={toggle} />}
    </div>
  );
}

/** The products matching the search, each with its checkbox (loading, or none found). */
function PickerList({
  shown,
  selected,
  toggle,
}: {
  shown: DiscountProductDto[] | undefined;
  selected: Set<number>;
  toggle: (pid: number) => void;
}) {
  const note = !shown ? messages.common.loading : shown.length === 0 ? messages.common.noResults : null;
  return (
    <ul className="sales-picker-list" aria-label={s.products}>
      {note ? (
        <li className="dash-muted" style={{ padding: 8 }}>
          {note}
        </li>
      ) : (
        shown!.map((p) => (
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
        ))
      )}
    </ul>
  );
}

/** The chosen products as chips, each removable. */
function PickerChips({
  value,
  byId,
  toggle,
}: {
  value: number[];
  byId: Map<number, DiscountProductDto>;
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
