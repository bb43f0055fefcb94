// /kerko?q=…: every product the header search matches (name, brand, category or price, diacritics ignored),
// in the listing grid.
import { parseSearchPageSearch } from '../../shared/page-search';
import { createFileRoute } from '@tanstack/react-router';
import { SearchPage } from '../features/catalog/search-page';

export const Route = createFileRoute('/kerko')({
  validateSearch: parseSearchPageSearch,
  component: SearchRoute,
});

function SearchRoute() {
  // Read through the parser again: the router passes a dropped value through as the URL had it.
  const q = Route.useSearch({ select: (s) => parseSearchPageSearch(s).q });
  return <SearchPage query={q ?? ''} />;
}
