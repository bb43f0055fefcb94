// The frame of a listing and of the search page (issue 25): the head (eyebrow, title, count, order and the
// "Filtro" toggle), the filters panel beside the grid on a wide screen or as a drawer on a phone, and the page's
// results. The panel's open state lives here and reaches the panel through a context: the page hands in the panel
// and the grid as elements, so opening or closing the drawer re-renders the frame and the panel's shell, not the
// grid nor the filter form (INP, decision 214). Filters apply as they change (decision 249): the drawer stays open
// across choices, even when a category link opens another listing (the link carries `filtersOpen` in its history
// state), and its close button reads the live count.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import type { ListingSort } from '#shared/listing-sorts';
import { plural } from '#shared/messages';
import { listingMessages } from '#shared/messages/listing';
import { FilterIcon } from '#client/components/layout/icons';
import { LoadingTitle } from '#client/components/ui/skeleton';
import { SortSelect } from './listing-controls';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Set by a category link tapped in the open drawer: the next listing opens with its drawer open. */
    filtersOpen?: boolean;
  }
}

/** What the filters panel is told: open (or "auto" before hydration: by CSS), the live count, how to close it. */
export interface PanelState {
  open: boolean;
  auto: boolean;
  /** The number of products the applied filters find, once known. */
  total: number | undefined;
  close: () => void;
}

const PanelContext = createContext<PanelState>({ open: false, auto: true, total: undefined, close: () => {} });

/** The filters panel's state, for the panel rendered inside a `ListingLayout`. */
export const usePanel = (): PanelState => useContext(PanelContext);

const wide = () => window.matchMedia('(min-width: 1024px)').matches;
interface ListingLayoutProps {
  eyebrow: string;
  /** Null while the page's name is not known yet (a category loading). */
  title: string | null;
  description?: string;
  /** The number of products found, once known. */
  total: number | undefined;
  sort: ListingSort;
  onSort: (sort: ListingSort) => void;
  /** The filters panel (a `FilterSidebar`), or nothing while the page's category is unknown. */
  filters: ReactNode;
  children: ReactNode;
}

export function ListingLayout({
  eyebrow,
  title,
  description,
  total,
  sort,
  onSort,
  filters,
  children,
}: ListingLayoutProps) {
  const keptOpen = useRouterState({ select: (s) => s.location.state.filtersOpen === true });
  // null until hydrated: the filters show beside the grid on a wide screen and stay closed on a phone, by CSS,
  // so the server's page and the first render in the browser are the same and nothing moves; then the state.
  // (A state drawn apart from the server's page here made React drop a select's change replayed at hydration.)
  const [filtersState, setFiltersOpen] = useState<boolean | null>(null);
  useEffect(() => setFiltersOpen((o) => o ?? (wide() || keptOpen)), [keptOpen]);
  const open = filtersState === true;
  const auto = filtersState === null;
  const close = useCallback(() => setFiltersOpen(false), []);
  const panel = useMemo(() => ({ open, auto, total, close }), [open, auto, total, close]);
  const layout = `listing__layout${open ? ' listing__layout--filters' : auto ? ' listing__layout--filters-auto' : ''}`;
  return (
    <div className="listing container">
      <div className="listing__head">
        <div>
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="page-title">{title ?? <LoadingTitle />}</h1>
          {description && <p className="listing__desc">{description}</p>}
        </div>
        <div className="listing__tools">
          {total !== undefined && (
            <p className="listing__count" aria-live="polite">
              {plural(listingMessages.resultsCount, total)}
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
            {listingMessages.filter}
          </button>
        </div>
      </div>
      <div className={layout}>
        {open && <div className="filters-backdrop" aria-hidden="true" onClick={close} />}
        <PanelContext.Provider value={panel}>{filters}</PanelContext.Provider>
        {children}
      </div>
    </div>
  );
}
