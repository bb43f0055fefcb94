// The router's route table (decision 214): the storefront's routes, and the dashboard's only once a /dashboard URL
// is visited. routeTree.gen.ts (every route file, with the route types) would put every dashboard route's options
// into the storefront's first load; routeTree.storefront.gen.ts is the same table generated without
// routes/dashboard/ (vite.config.ts). In its place a gate route takes every /dashboard URL: it loads the dashboard's
// routes (dashboard-routes.ts), adds them to the table and goes to the same URL again, which they now match.
// A staff link's preload (hover, touch) adds them too, so the click finds them. Both tables share the same route
// objects, so a storefront page matches the same routes either way (server render and hydration alike).
import { createRoute, redirect, type AnyRoute, type AnyRouter } from '@tanstack/react-router';
import type { routeTree as AppRouteTree } from './routeTree.gen';
import { routeTree as root } from './routeTree.storefront.gen';

/** The storefront's routes, as the storefront table set them (without the dashboard's, whatever ran first). */
const storefrontRoutes = (root.children as unknown as AnyRoute[]).filter(
  (r) => (r.options as { id?: string }).id !== '/dashboard',
);

/**
 * The route table for a new router (`getRouter` returns it): the storefront's routes and the dashboard's gate, or,
 * once the dashboard's routes were loaded, theirs. Typed as the whole table, so links to the dashboard type-check.
 */
export function appRouteTree(getRouter: () => AnyRouter): typeof AppRouteTree {
  const gate = createRoute({
    getParentRoute: () => root,
    path: 'dashboard/$',
    beforeLoad: async ({ location, preload }) => {
      const router = getRouter();
      if (router.isServer) return; // the server renders no dashboard page
      await addDashboardRoutes(router);
      if (!preload) throw redirect({ href: location.href, replace: true });
    },
  });
  root.addChildren([...storefrontRoutes, dashboard ?? gate]);
  return root as unknown as typeof AppRouteTree;
}

let dashboard: AnyRoute | undefined;

/** Adds the dashboard's routes (their own chunk) to the route table of `router`. */
async function addDashboardRoutes(router: AnyRouter): Promise<void> {
  dashboard ??= (await import('./dashboard-routes')).dashboardRoute as AnyRoute;
  root.addChildren([...storefrontRoutes, dashboard]);
  router.setRoutes(router.buildRouteTree());
}
