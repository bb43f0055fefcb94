// The router, with the query client and trpc proxy in its context so loaders can prefetch.
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { queryClient, trpc } from './lib/trpc';

export function createAppRouter() {
  return createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
