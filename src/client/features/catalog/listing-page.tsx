// The product listing shared by /products, /glow-outlet and their /{categoryID} forms: filters, grid, pages.
// A path under /glow-outlet selects main category 2, otherwise 1; a category path uses that category's own main.
import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ProductCardDto } from '#shared/dto/catalog';
import { facetsInput } from '#shared/initial-queries';
import { messages } from '#shared/messages';
import { listingBaseOf, mainCategoryOf, type MainCategoryId } from '#shared/pages';
import { trpc } from '#client/lib/trpc';
import { FilterSidebar } from './filter-sidebar';
import { ListingLayout } from './listing-layout';
import { listingLink, type ListingPlace } from './listing-links';
import { filterInput, type ListingBase } from './listing-queries';
import { ListingMain } from './listing-results';
import type { ListingSearch } from './listing-search';

interface ListingPageProps {
  base: ListingBase;
  categoryID?: number;
  search: ListingSearch;
  /** Control over each card's picture (the wishlist heart), supplied by the route. */
  renderAction?: (p: ProductCardDto) => ReactNode;
}

export function ListingPage({ base, categoryID, search, renderAction }: ListingPageProps) {
  const navigate = useNavigate();
  const category = useQuery({
    ...trpc.catalog.category.queryOptions({ categoryID: categoryID ?? 0 }),
    enabled: categoryID !== undefined,
  });
  const mainCategoryID: MainCategoryId | undefined =
    categoryID === undefined ? (base === '/glow-outlet' ? 2 : 1) : category.data && mainCategoryOf(category.data);
  // The cards and the count stay while the next filters' page loads (filters apply as they change, decision 249).
  const products = useQuery({
    ...trpc.catalog.filter.queryOptions(filterInput(mainCategoryID ?? 1, categoryID, search)),
    enabled: mainCategoryID !== undefined,
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({
    ...trpc.catalog.categoriesByMain.queryOptions({ mainCategoryID: mainCategoryID ?? 1 }),
    enabled: mainCategoryID !== undefined,
  });

  const mainLabel = mainCategoryID === 2 ? messages.nav.glowOutlet : messages.nav.products;
  const title = category.data?.categoryName ?? mainLabel;

  const place: ListingPlace = { kind: 'listing', base, categoryID };
  /** Same page kind and category, another search (order or filters); back to page 1. */
  const setSearch = (next: ListingSearch) => void navigate(listingLink(place, { ...next, page: undefined }));
  const hrefFor = (p: number) => listingLink(place, { ...search, page: p });

  return (
    <ListingLayout
      eyebrow={category.data ? mainLabel : messages.common.shopName}
      title={mainCategoryID === undefined ? null : title}
      description={category.data?.description}
      total={products.data?.totalCount}
      sort={search.sort ?? 'newest'}
      onSort={(sort) => setSearch({ ...search, sort: sort === 'newest' ? undefined : sort })}
      filters={
        mainCategoryID !== undefined && (
          <FilterSidebar
            id="listing-filters"
            place={place}
            categoriesPlace={{ kind: 'listing', base: listingBaseOf(mainCategoryID) }}
            categories={categories.data}
            facets={facetsInput({ mainCategoryID, categoryID }, search)}
            applied={search}
            onApply={setSearch}
          />
        )
      }
    >
      <ListingMain
        title={title}
        search={search}
        onChange={setSearch}
        loading={mainCategoryID === undefined || products.isPending}
        updating={products.isPlaceholderData}
        failed={products.isError}
        data={products.data}
        hrefFor={hrefFor}
        renderAction={renderAction}
      />
    </ListingLayout>
  );
}
