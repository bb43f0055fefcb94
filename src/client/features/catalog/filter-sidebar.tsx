// The listing's filters panel (issue 25): a real GET form to the page it narrows (`/products/5?size=3&brand=Zara`),
// so a choice made before the app is live still opens the filtered page (decision 213). Once live, every change
// applies at once (decision 249): a ticked box, or a price when the field is left or Enter is pressed, is read from
// the form as the router would read that URL and opened; the drawer stays open and its button reads the live count.
// The form starts again from the applied filters only when they change from elsewhere (a chip taken off, "Pastro
// filtrat", back and forward), so a choice made here keeps its focus. Categories are links, and so is "Pastro filtrat".
import { memo, useEffect, useId, useRef, type RefCallback } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { facetsInput } from '#shared/initial-queries';
import { plural } from '#shared/messages';
import { listingMessages } from '#shared/messages/listing';
import type { ListingSearch } from '#shared/page-search';
import { CloseIcon } from '#client/components/layout/icons';
import { trpc } from '#client/lib/trpc';
import { BrandGroup, CategoryGroup, ColorGroup, EventGroup, PriceGroup, SizeGroup } from './filter-groups';
import {
  formAction,
  hiddenFields,
  listingLink,
  searchFromForm,
  withCategory,
  type ListingPlace,
} from './listing-links';
import { usePanel } from './listing-layout';

interface FilterSidebarProps {
  id: string;
  /** The page the filters narrow (its category links lead to `categoriesPlace` with another category). */
  place: ListingPlace;
  categoriesPlace: ListingPlace;
  categories: Array<{ categoryID: number; categoryName: string }> | undefined;
  /** What the sizes, brands and price range offered are drawn from (the page's category, text and filters). */
  facets: ReturnType<typeof facetsInput>;
  applied: ListingSearch;
  onApply: (next: ListingSearch) => void;
}

const m = listingMessages;

/** Another category keeps the order and the filters but the sizes, which are the category's own. */
const forOtherCategory = (applied: ListingSearch): ListingSearch => ({ ...applied, size: undefined, page: undefined });

/** Where a search leads from `place`, as text: two searches opening the same URL read the same. */
const urlOf = (place: ListingPlace, search: ListingSearch) =>
  JSON.stringify(listingLink(place, { ...search, page: undefined }));

export function FilterSidebar({ id, ...form }: FilterSidebarProps) {
  const { open, auto, close } = usePanel();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The heading takes the focus when the drawer opens on a phone.
  useEffect(() => {
    if (open && window.matchMedia('(max-width: 1023px)').matches) headingRef.current?.focus();
  }, [open]);
  return (
    <aside
      id={id}
      className={`filters ${open ? 'filters--open' : auto ? 'filters--auto' : 'filters--shut'}`}
      aria-labelledby={headingId}
      // Before the app is live CSS decides (beside the grid on a wide screen, shut on a phone); then a shut panel
      // stays laid out but invisible and inert (the drawer opens without laying out its groups).
      hidden={auto}
      inert={!open && !auto}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <div className="filters__head">
        <h2 id={headingId} className="filters__title" tabIndex={-1} ref={headingRef}>
          {m.filtering}
        </h2>
        <button type="button" className="icon-button filters__close" aria-label={m.closeFilters} onClick={close}>
          <CloseIcon />
        </button>
      </div>
      <FilterForm {...form} />
    </aside>
  );
}

type FilterFormProps = Omit<FilterSidebarProps, 'id'>;

/** The GET form: hidden order and search text, the groups, "Pastro filtrat" (a link) and the form's button. */
const FilterForm = memo(function FilterForm(props: FilterFormProps) {
  const { place, categoriesPlace, categories, facets, applied, onApply } = props;
  // The previous page's offer stays while the next one loads, so the groups do not jump.
  const offered = useQuery({ ...trpc.catalog.facets.queryOptions(facets), placeholderData: keepPreviousData });
  const sizes = useQuery(trpc.catalog.sizes.queryOptions());
  const clear = listingLink(place, { sort: applied.sort });
  // The form is drawn again from `applied` (a new key) unless `applied` is what the form itself just sent.
  const pending = useRef<string | null>(null);
  const drawn = useRef({ url: urlOf(place, applied), version: 0 });
  const url = urlOf(place, applied);
  if (drawn.current.url !== url) {
    drawn.current = { url, version: drawn.current.version + (url === pending.current ? 0 : 1) };
    pending.current = null;
  }
  const apply = (form: HTMLFormElement) => {
    const next = searchFromForm(form);
    const target = urlOf(place, next);
    if (target === url || target === pending.current) return;
    pending.current = target;
    onApply(next);
  };
  // A box ticked applies at once; a price when it is committed (the native change event: left or Enter).
  const applyOnChange: RefCallback<HTMLFormElement> = (form) => {
    if (!form) return;
    const onChange = () => apply(form);
    form.addEventListener('change', onChange);
    return () => form.removeEventListener('change', onChange);
  };
  return (
    <form
      key={drawn.current.version}
      ref={applyOnChange}
      method="get"
      action={formAction(place)}
      className="filters__body"
      onSubmit={(e) => {
        e.preventDefault();
        apply(e.currentTarget);
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
        <Link {...clear} className="button button--ghost">
          {m.clearFilters}
        </Link>
        <FormButton />
      </div>
    </form>
  );
});

/**
 * Before the app is live, "Apliko filtrat" sends the form. Once live the filters apply as they change, and the
 * button closes the drawer on a phone, naming what the filters found ("Shfaq 9 produkte"); a wide screen, where
 * the panel stays beside the grid, does not show it.
 */
function FormButton() {
  const { auto, total, close } = usePanel();
  if (auto)
    return (
      <button type="submit" className="button filters__submit">
        {m.applyFilters}
      </button>
    );
  return (
    <button
      type="submit"
      className="button filters__submit filters__submit--live"
      // Enter in a price field "clicks" the form's first button too (implicit submission): that applies the price
      // and leaves the drawer open. A tap (detail > 0) or the button's own key closes it.
      onClick={(e) => {
        if (e.detail > 0 || document.activeElement === e.currentTarget) close();
      }}
    >
      {total === undefined ? m.showProducts : plural(m.showCount, total)}
    </button>
  );
}
