// Searchable product multi-select for the discount forms: checkbox list with thumbnails and removable chips.
import { useMemo, useState } from 'react';
import { messages, plural } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import type { DiscountProductDto } from '../../../shared/dto/discounts';
import { formatEuro } from '../../../shared/money';
import { matchesQuery } from '../../../shared/text';
import { Thumb } from './sales-kit';

const s = staffMessages.dashboardSales;

// eslint-disable-next-line max-lines-per-function -- over 80 once formatted (issue 23); to be split
export function ProductPicker({
  id,
  products,
  value,
  onChange,
  invalid,
}: {
  id: string;
  products: DiscountProductDto[] | undefined;
  value: number[];
  onChange: (ids: number[]) => void;
  invalid?: boolean;
}) {
  const [query, setQuery] = useState('');
  const selected = useMemo(() => new Set(value), [value]);
  const byId = useMemo(() => new Map((products ?? []).map((p) => [p.productID, p])), [products]);
  const shown = (products ?? []).filter((p) => matchesQuery(query, [p.name, p.barcode]));

  const toggle = (pid: number) => onChange(selected.has(pid) ? value.filter((v) => v !== pid) : [...value, pid]);

  return (
    <div className="sales-picker" style={invalid ? { borderColor: 'var(--danger)' } : undefined}>
      <div className="sales-picker-search">
        <input
          id={id}
          type="search"
          value={query}
          placeholder={s.searchProducts}
          onChange={(e) => setQuery(e.target.value)}
          aria-describedby={invalid ? `${id}-error` : undefined}
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
      <ul className="sales-picker-list" aria-label={s.products}>
        {!products ? (
          <li className="dash-muted" style={{ padding: 8 }}>
            {messages.common.loading}
          </li>
        ) : shown.length === 0 ? (
          <li className="dash-muted" style={{ padding: 8 }}>
            {messages.common.noResults}
          </li>
        ) : (
          shown.map((p) => (
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
      {value.length > 0 && (
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
      )}
    </div>
  );
}
