// The search page (/kerko?q=…, issue 25): the products a text finds over both main categories, searched on the
// server (name, brand, category, price and colour words: "fustan e zezë" finds black dresses), with the listing's
// order, filters (category, colours, sizes, price, brands, events) and pages, all kept in the URL.
import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ProductCardDto } from '#shared/dto/catalog';
import { facetsInput, searchPageInput } from '#shared/initial-queries';
import { fill, messages } from '#shared/messages';
import type { SearchPageSearch } from '#shared/page-search';
import { trpc } from '#client/lib/trpc';
import { FilterSidebar } from './filter-sidebar';
import { ListingLayout } from './listing-layout';
import { listingLink, type ListingPlace } from './listing-links';
import { ListingMain } from './listing-results';
import type { ListingSearch } from './listing-search';

interface SearchPageProps {
  search: SearchPageSearch;
  renderAction?: (p: ProductCardDto) => ReactNode;
}

export function SearchPage({ search, renderAction }: SearchPageProps) {
  const { q } = search;
  const title = q ? fill(messages.nav.searchPageTitle, { q }) : messages.nav.searchResults;
  if (!q)
    return (
      <div className="listing container">
        <div className="listing__head">
          <div>
            <p className="eyebrow">{messages.nav.searchResults}</p>
            <h1 className="page-title">{title}</h1>
          </div>
        </div>
        <p className="status-text">{messages.nav.searchPageEmptyQuery}</p>
      </div>
    );
  return <SearchResults search={{ ...search, q }} title={title} renderAction={renderAction} />;
}

function SearchResults({ search, title, renderAction }: SearchPageProps & { search: { q: string }; title: string }) {
  const navigate = useNavigate();
  const { q, categoryID } = search;
  const products = useQuery({
    ...trpc.catalog.search.queryOptions(searchPageInput(search)),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery(trpc.catalog.categories.queryOptions());
  const facets = facetsInput({ q, categoryID }, search);
  // The categories the text finds products in (and the one chosen): not every category of the shop.
  const offered = useQuery({ ...trpc.catalog.facets.queryOptions(facets), placeholderData: keepPreviousData });
  const shownCategories = categories.data?.filter(
    (c) => c.categoryID === categoryID || offered.data?.categoryIDs.includes(c.categoryID),
  );
  const place: ListingPlace = { kind: 'search', q, categoryID };
  const setSearch = (next: ListingSearch) => void navigate(listingLink(place, { ...next, page: undefined }));
  const hrefFor = (p: number) => listingLink(place, { ...search, page: p });
  return (
    <ListingLayout
      eyebrow={messages.nav.searchResults}
      title={title}
      total={products.data?.totalCount}
      sort={search.sort ?? 'newest'}
      onSort={(sort) => setSearch({ ...search, sort: sort === 'newest' ? undefined : sort })}
      filters={
        <FilterSidebar
          id="listing-filters"
          place={place}
          categoriesPlace={place}
          categories={shownCategories}
          facets={facets}
          applied={search}
          onApply={setSearch}
        />
      }
    >
      <ListingMain
        title={title}
        search={search}
        onChange={setSearch}
        loading={products.isPending}
        updating={products.isPlaceholderData}
        failed={products.isError}
        data={products.data}
        hrefFor={hrefFor}
        renderAction={renderAction}
      />
    </ListingLayout>
  );
}
