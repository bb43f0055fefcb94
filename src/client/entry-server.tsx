// Server render of a storefront page (decision 194): the same routes and components as the browser, at the
// requested URL, with a query client filled from the page's first-view data (the cached catalogue reads the
// page also carries for hydration). Nothing here fetches: the router context's trpc proxy answers every call
// with an error, and React Query does not fetch while rendering on the server, so what was not seeded renders
// as it does in the browser before its answer (a skeleton). Built by `vite build --ssr` into dist/ssr/.
import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { observable } from '@trpc/server/observable';
import type { InitialQuery } from '#shared/initial-queries';
import { App } from './app';
import { loadLookBlock } from './features/product-page/look-chunk';
import { seedQueries } from './lib/initial-queries';
import { createQueryClient, type AppRouter } from './lib/trpc';
import { createAppRouter } from './router';

/** A tRPC link that never sends: a server render reads only what was seeded. */
const offlineLink: TRPCLink<AppRouter> = () => () =>
  observable((observer) => {
    observer.error(new TRPCClientError('not fetched during a server render'));
  });
const offlineClient = createTRPCClient<AppRouter>({ links: [offlineLink] });

/**
 * The app's HTML for `url` (path and query), or null when the router would not render it as it is (a redirect).
 * `queries` are the page's first-view entries, exactly as the page's data element carries them.
 */
export async function renderPage(url: string, queries: InitialQuery[]): Promise<string | null> {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: offlineClient, queryClient });
  seedQueries(queryClient, trpc, queries);
  const router = createAppRouter({
    queryClient,
    trpc,
    history: createMemoryHistory({ initialEntries: [url] }),
    isServer: true,
  });
  try {
    // The look block (decision 276) renders in the server's HTML without suspending; the browser hydrates it once its
    // chunk arrives (its Suspense boundary keeps the server's HTML until then), so no page's first load carries it.
    await Promise.all([router.load(), loadLookBlock()]);
    if (router.state.matches.length === 0) return null; // redirected (e.g. to the canonical form of the URL)
    return renderToString(<App router={router} queryClient={queryClient} />);
  } finally {
    queryClient.clear();
  }
}
