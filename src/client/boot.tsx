// The app's start (loaded by main.tsx): fills the query cache from the page's first-view data, then hydrates the
// server-rendered page (catalogue pages, decision 194) once its route chunk is loaded, or renders into the empty
// root (every other page). Each step is its own task (decision 214): seeding and the router, the route chunk,
// then hydration in a transition (React hydrates in slices and yields between them).
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { seedInitialQueries } from './lib/initial-queries';
import { queryClient, trpc } from './lib/trpc';
import { yieldToMain } from './lib/yield';
import { createAppRouter } from './router';

seedInitialQueries(queryClient, trpc); // the page's first-view catalogue data: no second round trip (decision 192)
const router = createAppRouter();
const root = document.getElementById('root')!;
const app = <App router={router} queryClient={queryClient} />;

async function hydrate() {
  // Render exactly what the server rendered: the matches loaded (lazy route components resolved) and the
  // router's top level without the Suspense boundary the server does not render.
  router.ssr = { manifest: undefined };
  await yieldToMain();
  await router.load();
  await yieldToMain();
  startTransition(() => {
    hydrateRoot(root, app, { onRecoverableError: (error) => console.error('[hydration]', error) });
  });
}

if (root.hasChildNodes()) void hydrate();
else createRoot(root).render(app);
