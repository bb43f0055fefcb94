// The listing's filters panel (issue 25): a real GET form to the page it narrows (`/products/5?size=3&brand=Zara`),
// so a choice made before the app is live still opens the filtered page (decision 213); once live, the app reads
// the submitted form as the router would read that URL and navigates. Its fields are the applied filters (the form
// starts again from them whenever they change); categories are links, and "Pastro filterat" is one too.
import { useEffect, useId, useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { facetsInput } from '../../../shared/initial-queries';
import { messages } from '../../../shared/messages';
import type { ListingSearch } from '../../../shared/page-search';
import { CloseIcon } from '../../components/layout/icons';
import { trpc } from '../../lib/trpc';
import { BrandGroup, CategoryGroup, ColorGroup, EventGroup, PriceGroup, SizeGroup } from './filter-groups';
import {
  formAction,
  hiddenFields,
  listingLink,
  searchFromForm,
  withCategory,
  type ListingPlace,
} from './listing-links';
import type { PanelState } from './listing-layout';

interface FilterSidebarProps {
  id: string;
  panel: PanelState;
  /** The page the filters narrow (its category links lead to `categoriesPlace` with another category). */
  place: ListingPlace;
  categoriesPlace: ListingPlace;
  categories: Array<{ categoryID: number; categoryName: string }> | undefined;
  /** What the sizes, brands and price range offered are drawn from (the page's category, text and filters). */
  facets: ReturnType<typeof facetsInput>;
  applied: ListingSearch;
  onApply: (next: ListingSearch) => void;
}

const m = messages.listing;

/** Another category keeps the order and the filters but the sizes, which are the category's own. */
const forOtherCategory = (applied: ListingSearch): ListingSearch => ({ ...applied, size: undefined, page: undefined });

export function FilterSidebar({ id, panel, ...form }: FilterSidebarProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const { open, auto } = panel;
  useEffect(() => {
    if (open && window.matchMedia('(max-width: 1023px)').matches) headingRef.current?.focus();
  }, [open]);
  return (
    <aside
      id={id}
      className={`filters${open ? ' filters--open' : auto ? ' filters--auto' : ''}`}
      aria-labelledby={headingId}
      hidden={!open}
      onKeyDown={(e) => {
        if (e.key === 'Escape') panel.close();
      }}
    >
      <div className="filters__head">
        <h2 id={headingId} className="filters__title" tabIndex={-1} ref={headingRef}>
          {m.filtering}
        </h2>
        <button type="button" className="icon-button filters__close" aria-label={m.closeFilters} onClick={panel.close}>
          <CloseIcon />
        </button>
      </div>
      <FilterForm {...form} closeIfNarrow={panel.closeIfNarrow} />
    </aside>
  );
}

type FilterFormProps = Omit<FilterSidebarProps, 'id' | 'panel'> & { closeIfNarrow: () => void };

/** The GET form: hidden order and search text, the groups, "Pastro filterat" (a link) and "Shto filterat". */
function FilterForm({ place, categoriesPlace, categories, facets, applied, onApply, closeIfNarrow }: FilterFormProps) {
  // The previous page's offer stays while the next one loads, so the groups do not jump.
  const offered = useQuery({ ...trpc.catalog.facets.queryOptions(facets), placeholderData: keepPreviousData });
  const sizes = useQuery(trpc.catalog.sizes.queryOptions());
  const clear = listingLink(place, { sort: applied.sort });
  return (
    <form
      key={JSON.stringify([place, applied])}
      method="get"
      action={formAction(place)}
      className="filters__body"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(searchFromForm(e.currentTarget));
      }}
    >
      {hiddenFields(place, applied).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <CategoryGroup
        categories={categories}
        current={place.categoryID}
        linkFor={(categoryID) => listingLink(withCategory(categoriesPlace, categoryID), forOtherCategory(applied))}
      />
      <ColorGroup chosen={applied.colorID ?? []} />
      <SizeGroup offered={offered.data?.sizes ?? []} chosen={applied.size ?? []} all={sizes.data ?? []} />
      <PriceGroup min={applied.minPrice} max={applied.maxPrice} range={offered.data} />
      <BrandGroup offered={offered.data?.brands ?? []} chosen={applied.brand ?? []} />
      <EventGroup chosen={applied.eventID ?? []} />
      <div className="filters__foot">
        <Link {...clear} className="button button--ghost" onClick={closeIfNarrow}>
          {m.clearFilters}
        </Link>
        <button type="submit" className="button">
          {m.applyFilters}
        </button>
      </div>
    </form>
  );
}
