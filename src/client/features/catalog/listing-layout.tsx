// The frame of a listing and of the search page (issue 25): the head (eyebrow, title, count, order and the
// "Filtro" toggle), the filters panel beside the grid on a wide screen or as a drawer on a phone, and the page's
// results. The panel's open state lives here: opening or closing it re-renders the frame, not the grid the page
// passed in (`children` stays the same element), so the tap's frame is short on a phone (INP, decision 214).
import { useEffect, useState, type ReactNode } from 'react';
import type { ListingSort } from '../../../shared/listing-sorts';
import { messages, plural } from '../../../shared/messages';
import { FilterIcon } from '../../components/layout/icons';
import { SortSelect } from './listing-controls';

/** What the filters panel is told: open (or "auto" before hydration: by CSS), and how to close it. */
export interface PanelState {
  open: boolean;
  auto: boolean;
  close: () => void;
  /** Closes the panel on a phone (after applying filters), leaves it beside the grid on a wide screen. */
  closeIfNarrow: () => void;
}

interface ListingLayoutProps {
  eyebrow: string;
  /** Null while the page's name is not known yet (a category loading). */
  title: string | null;
  description?: string;
  /** The number of products found, once known. */
  total: number | undefined;
  sort: ListingSort;
  onSort: (sort: ListingSort) => void;
  panel: (state: PanelState) => ReactNode;
  children: ReactNode;
}

export function ListingLayout({
  eyebrow,
  title,
  description,
  total,
  sort,
  onSort,
  panel,
  children,
}: ListingLayoutProps) {
  // null until hydrated: the filters show beside the grid on a wide screen and stay closed on a phone, by CSS,
  // so the server's page and the first render in the browser are the same and nothing moves; then the state.
  const [filtersState, setFiltersOpen] = useState<boolean | null>(null);
  const wide = () => window.matchMedia('(min-width: 1024px)').matches;
  useEffect(() => setFiltersOpen((o) => o ?? wide()), []);
  const open = filtersState === true;
  const auto = filtersState === null;
  const state: PanelState = {
    open,
    auto,
    close: () => setFiltersOpen(false),
    closeIfNarrow: () => {
      if (window.matchMedia('(max-width: 1023px)').matches) setFiltersOpen(false);
    },
  };
  const layout = `listing__layout${open ? ' listing__layout--filters' : auto ? ' listing__layout--filters-auto' : ''}`;
  return (
    <div className="listing container">
      <div className="listing__head">
        <div>
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="page-title">{title ?? '\u00a0'}</h1>
          {description && <p className="listing__desc">{description}</p>}
        </div>
        <div className="listing__tools">
          {total !== undefined && (
            <p className="listing__count" aria-live="polite">
              {plural(messages.listing.resultsCount, total)}
            </p>
          )}
          <SortSelect value={sort} onChange={onSort} />
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={open}
            aria-controls="listing-filters"
            // Before the effect has run, the panel is where CSS put it (shown on a wide screen): the tap flips that.
            onClick={() => setFiltersOpen((o) => !(o ?? wide()))}
          >
            <FilterIcon />
            {messages.listing.filter}
          </button>
        </div>
      </div>
      <div className={layout}>
        {open && <div className="filters-backdrop" aria-hidden="true" onClick={() => setFiltersOpen(false)} />}
        {panel(state)}
        {children}
      </div>
    </div>
  );
}
