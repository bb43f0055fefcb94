// The browser's side of a page declaration (src/shared/pages.ts, decision 212): a route's loader runs the page's
// first-view reads through React Query (ensureQueryData for what the page needs, prefetchQuery for the rest) with
// the router context's query client and tRPC proxy: in the browser they fetch or find the page's seeded data, in
// the server render (entry-server.tsx) they find what the server read for the same declaration. A record the API
// does not find (404) or an id it refuses (400) makes the route's not-found page. (Not a route: the `-` prefix.)
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { FirstViewRead, FirstViewReader, FirstViewReads, PageDeclaration } from '#shared/pages';
import type { trpc as appTrpc } from '../lib/trpc';

interface LoaderContext {
  queryClient: QueryClient;
  trpc: typeof appTrpc;
}

type CatalogOptions = Record<string, { queryOptions: (input?: unknown) => FetchQueryOptions }>;

/** How the route came to load: entered, or staying on the route already shown with another search or id. */
type LoadCause = 'enter' | 'stay' | 'preload';

function browserReader({ queryClient, trpc }: LoaderContext, cause: LoadCause): FirstViewReader {
  const catalog = trpc.catalog as unknown as CatalogOptions;
  const options = (path: FirstViewRead, input: unknown) =>
    input === undefined ? catalog[path]!.queryOptions() : catalog[path]!.queryOptions(input);
  const read = <P extends FirstViewRead>(path: P, input: FirstViewReads[P][0]) =>
    queryClient.ensureQueryData(options(path, input)) as Promise<FirstViewReads[P][1]>;
  const prefetch: FirstViewReader['prefetch'] = (path, input) => void queryClient.prefetchQuery(options(path, input));
  return {
    read,
    prefetch,
    // Staying, the page shows its last answer while this one loads: the route does not wait (decision 249).
    keep: cause === 'stay' ? async (path, input) => void prefetch(path, input) : read,
  };
}

const httpStatus = (err: unknown) => (err as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;

/**
 * Runs a page's first view for a route loader (`cause` is the loader's own: staying, what the page keeps showing is
 * not waited for); a missing record is the route's not-found page.
 */
export async function loadFirstView<Params, Search, View>(
  { context, cause }: { context: LoaderContext; cause: LoadCause },
  firstView: (reader: FirstViewReader, params: Params, search: Search) => Promise<View>,
  params: Params,
  search: Search,
): Promise<View> {
  try {
    return await firstView(browserReader(context, cause), params, search);
  } catch (err) {
    const status = httpStatus(err);
    if (status === 404 || status === 400) throw notFound();
    throw err;
  }
}

/**
 * A route's head() from its page's declaration (decision 282): the title and description the server puts in the
 * page's first HTML, from what the loader read (its view) and the URL's search. DocumentHead shows them.
 */
export const routeHead =
  <View, Search>(decl: Pick<PageDeclaration<never, Search, View>, 'head' | 'parseSearch'>) =>
  // Generic in its argument, so the route's own types (its search, its loader's answer) are inferred as without it.
  <Ctx extends { loaderData?: unknown; match: { search: unknown; status: string } }>({ loaderData, match }: Ctx) => {
    // A page that is not shown (its loader found nothing, or failed) has no view: its not-found or error view names it.
    if (match.status !== 'success') return {};
    const search = decl.parseSearch(match.search as Record<string, unknown>);
    const { title, description } = decl.head(loaderData as View, search);
    return { meta: [{ title }, { name: 'description', content: description }] };
  };
