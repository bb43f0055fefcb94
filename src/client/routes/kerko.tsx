// /kerko?q=…: every product the header search matches (name, brand, category or price, diacritics ignored),
// in the listing grid.
import { createFileRoute } from '@tanstack/react-router';
import { SearchPage } from '../features/catalog/search-page';

export const Route = createFileRoute('/kerko')({
  validateSearch: (input: Record<string, unknown>): { q?: string } => {
    const q = typeof input.q === 'string' ? input.q.trim().slice(0, 100) : '';
    return q ? { q } : {};
  },
  component: SearchRoute,
});

function SearchRoute() {
  const { q } = Route.useSearch();
  return <SearchPage query={q ?? ''} />;
}
