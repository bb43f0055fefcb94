// Above the listing grid: the order select and the chips of the active filters (each removable, and
// "Pastro filtrat" for all). Names come from the same cached lists the filter sidebar reads.
import { useQuery } from '@tanstack/react-query';
import { LISTING_SORTS, type ListingSort } from '#shared/listing-sorts';
import { fill } from '#shared/messages';
import { listingMessages } from '#shared/messages/listing';
import { formatEuro } from '#shared/money';
import { FILTER_COLORS_INPUT } from '#shared/pages';
import { trpc } from '#client/lib/trpc';
import type { ListingSearch } from './listing-search';

const m = listingMessages;

export function SortSelect({ value, onChange }: { value: ListingSort; onChange: (sort: ListingSort) => void }) {
  return (
    <label className="listing__sort">
      <span>{m.sortLabel}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as ListingSort)}>
        {LISTING_SORTS.map((s) => (
          <option key={s} value={s}>
            {m.sorts[s]}
          </option>
        ))}
      </select>
    </label>
  );
}

type ListKey = 'size' | 'eventID' | 'colorID' | 'brand';
interface Chip {
  key: ListKey | 'minPrice' | 'maxPrice';
  /** The id or brand it takes off its list (none for a price end). */
  value?: number | string;
  name: string;
}

function useChips(search: ListingSearch): Chip[] {
  const sizes = useQuery(trpc.catalog.sizes.queryOptions());
  const events = useQuery(trpc.catalog.events.queryOptions());
  const colors = useQuery(trpc.catalog.filterColors.queryOptions(FILTER_COLORS_INPUT));
  const names: Record<'size' | 'eventID' | 'colorID', Map<number, string>> = {
    size: new Map((sizes.data ?? []).map((s) => [s.sizeID, s.sizeName])),
    eventID: new Map((events.data ?? []).map((e) => [e.eventID, e.eventName])),
    colorID: new Map((colors.data ?? []).map((c) => [c.colorID, c.colorName])),
  };
  const chips: Chip[] = (['size', 'colorID', 'eventID'] as const).flatMap((key) =>
    (search[key] ?? []).map((id) => ({ key, value: id, name: names[key].get(id) ?? `#${id}` })),
  );
  for (const brand of search.brand ?? []) chips.push({ key: 'brand', value: brand, name: brand });
  if (search.minPrice !== undefined)
    chips.push({ key: 'minPrice', name: fill(m.priceFromChip, { price: formatEuro(search.minPrice) }) });
  if (search.maxPrice !== undefined)
    chips.push({ key: 'maxPrice', name: fill(m.priceToChip, { price: formatEuro(search.maxPrice) }) });
  return chips;
}

/** The search without one chip's choice, back to page 1. */
function without(search: ListingSearch, chip: Chip): ListingSearch {
  if (chip.key === 'minPrice' || chip.key === 'maxPrice') return { ...search, page: undefined, [chip.key]: undefined };
  const list = (search[chip.key] ?? []) as Array<number | string>;
  return { ...search, page: undefined, [chip.key]: list.filter((v) => v !== chip.value) };
}

export function ActiveFilters({
  search,
  onChange,
}: {
  search: ListingSearch;
  onChange: (next: ListingSearch) => void;
}) {
  const chips = useChips(search);
  if (chips.length === 0) return null;
  return (
    <div className="listing__chips" role="group" aria-label={m.activeFilters}>
      {chips.map((chip) => (
        <button
          key={`${chip.key}-${chip.value ?? ''}`}
          type="button"
          className="chip"
          onClick={() => onChange(without(search, chip))}
          aria-label={fill(m.removeFilter, { name: chip.name })}
        >
          {chip.name} <span aria-hidden="true">×</span>
        </button>
      ))}
      <ClearFilters search={search} onChange={onChange} />
    </div>
  );
}

/** Drops every size, event, colour, brand and price filter; the category (and search text) and the order stay. */
export function ClearFilters({ search, onChange }: { search: ListingSearch; onChange: (next: ListingSearch) => void }) {
  return (
    <button type="button" className="chip chip--clear" onClick={() => onChange({ sort: search.sort })}>
      {m.clearActiveFilters}
    </button>
  );
}
