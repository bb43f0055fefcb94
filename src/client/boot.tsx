// The app's start (loaded by main.tsx): fills the query cache from the page's first-view data, then hydrates the
// server-rendered page (catalogue pages, decision 194) once its route chunks are loaded, or renders into the empty
// root (every other page). Each step is its own task (decision 214): seeding, the router, each matched route's
// chunk, the loaders, then hydration in a transition (React hydrates in slices and yields between them).
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { seedInitialQueries } from './lib/initial-queries';
import { queryClient, trpc } from './lib/trpc';
import { yieldToMain } from './lib/yield';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

/** Loads the code of the routes the URL matches, one chunk per task, so `router.load()` then only runs loaders. */
async function loadMatchedChunks(router: AppRouter) {
  for (const match of router.matchRoutes(router.state.location)) {
    const route = router.routesById[match.routeId as keyof typeof router.routesById];
    if (route) await router.loadRouteChunk(route);
    await yieldToMain();
  }
}

async function hydrate(root: HTMLElement) {
  seedInitialQueries(queryClient, trpc); // the page's first-view catalogue data: no second round trip (decision 192)
  await yieldToMain();
  const router = createAppRouter();
  // Render exactly what the server rendered: the matches loaded (lazy route components resolved) and the
  // router's top level without the Suspense boundary the server does not render.
  router.ssr = { manifest: undefined };
  await yieldToMain();
  await loadMatchedChunks(router);
  await router.load();
  await yieldToMain();
  startTransition(() => {
    hydrateRoot(root, <App router={router} queryClient={queryClient} />, {
      onRecoverableError: (error) => console.error('[hydration]', error),
    });
  });
}

const root = document.getElementById('root')!;
if (root.hasChildNodes()) void hydrate(root);
else {
  seedInitialQueries(queryClient, trpc);
  createRoot(root).render(<App router={createAppRouter()} queryClient={queryClient} />);
}
