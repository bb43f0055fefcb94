// Fills the React Query cache from the first-view data the server put in the page (decision 192), before the
// router starts: the route loaders' ensureQueryData/prefetchQuery and the components' useQuery then find the
// answers and the first view sends no catalogue request. Unknown procedures and malformed data are ignored
// (the page then fetches as without the data). The server render seeds its own query client the same way.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import superjson, { type SuperJSONResult } from 'superjson';
import { INITIAL_QUERIES_ID, SEEDABLE_CATALOG_READS, type InitialQuery } from '../../shared/initial-queries';
import type { trpc as appTrpc } from './trpc';

type CatalogKeys = Record<string, { queryKey: (input?: unknown) => QueryKey }>;

/** Seeds `queryClient` from the page's data element (then removed); returns how many queries were seeded. */
export function seedInitialQueries(queryClient: QueryClient, trpc: typeof appTrpc, doc: Document = document): number {
  const element = doc.getElementById(INITIAL_QUERIES_ID);
  if (!element) return 0;
  element.remove();
  let entries: unknown;
  try {
    entries = JSON.parse(element.textContent ?? '');
  } catch {
    return 0;
  }
  return seedQueries(queryClient, trpc, entries);
}

/** Seeds `queryClient` from first-view entries (the page's element, or the server render's list). */
export function seedQueries(queryClient: QueryClient, trpc: typeof appTrpc, entries: unknown): number {
  if (!Array.isArray(entries)) return 0;
  const catalog = trpc.catalog as unknown as CatalogKeys;
  let seeded = 0;
  for (const entry of entries as InitialQuery[]) {
    if (
      !entry ||
      !(SEEDABLE_CATALOG_READS as readonly string[]).includes(entry.path) ||
      typeof entry.data !== 'object' ||
      entry.data === null
    )
      continue;
    const key =
      entry.input === undefined ? catalog[entry.path]!.queryKey() : catalog[entry.path]!.queryKey(entry.input);
    queryClient.setQueryData(key, superjson.deserialize(entry.data as SuperJSONResult));
    seeded += 1;
  }
  return seeded;
}
