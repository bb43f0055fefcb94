// The router, with the query client and trpc proxy in its context so loaders can read the page's data. The
// browser's router uses the page's history and the app's query client; the server's (entry-server.tsx) a memory
// history at the requested URL, its own query client per render and a trpc proxy that never fetches.
// Every route fails inside the shop's frame (RouteError), and a page whose loader waits shows its pending view
// after a short moment (decision 212).
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type AnyRouter, type RouterHistory } from '@tanstack/react-router';
import { appRouteTree } from './route-tree';
import { queryClient as browserQueryClient, trpc as browserTrpc } from './lib/trpc';
import { RouteError } from './components/layout/route-error';
import { NotFoundView } from './components/ui/not-found-view';

interface AppRouterOptions {
  queryClient?: QueryClient;
  trpc?: typeof browserTrpc;
  history?: RouterHistory;
  /** Server render: no scroll restoration (it would write an inline script into the page). */
  isServer?: boolean;
}

export function createAppRouter({
  queryClient = browserQueryClient,
  trpc = browserTrpc,
  history,
  isServer,
}: AppRouterOptions = {}) {
  let created: AnyRouter | undefined;
  const router = createRouter({
    routeTree: appRouteTree(() => created!), // the dashboard's routes join on its first URL (decision 214)
    context: { queryClient, trpc },
    history,
    isServer,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: () => <NotFoundView />,
    defaultPendingMs: 300,
    scrollRestoration: isServer ? false : keepScrollAtFirstRender(),
  });
  created = router;
  return router;
}

/**
 * Scroll restoration, except on the page's first render when the shopper has already scrolled: a server-rendered
 * page is read and scrolled before the app hydrates, and resetting it to the top then moved the page under the
 * shopper's finger, so a tap meant for a size landed elsewhere (decision 213). Later navigations restore as usual.
 */
function keepScrollAtFirstRender(): () => boolean {
  let first = true;
  return () => {
    const skip = first && window.scrollY !== 0;
    first = false;
    return !skip;
  };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
