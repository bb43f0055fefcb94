// The route template a request was answered by, for the /metrics labels (decision 224): Hono's matched route path
// or the fast lane's, left on node's request by whoever answered, then narrowed to a bounded label here. A raw path
// never becomes a label: an unknown path is '(unmatched)', a tRPC call its procedure's name, a page its pattern.
import type { IncomingMessage } from 'node:http';
import { matchPage } from '#shared/pages';

const ROUTE = Symbol('butiku.route');
type Marked = IncomingMessage & { [ROUTE]?: string };

/** Leaves the answering route's path on node's request (Hono's app middleware, the fast lane). */
export function markRoute(req: IncomingMessage | undefined, route: string): void {
  if (req) (req as Marked)[ROUTE] = route;
}

export const UNMATCHED = '(unmatched)';
const TRPC = '/api/trpc/';

/** A route path with TanStack's `$name` written as `:name`, the trailing slash dropped (`/products/` -> `/products`). */
const asTemplate = (routePath: string) => routePath.replace(/\$(\w+)/g, ':$1').replace(/(.)\/$/, '$1');

function trpcLabel(pathname: string, procedures: ReadonlySet<string>): string {
  const names = pathname.slice(TRPC.length).split(',');
  if (!names.every((n) => procedures.has(n))) return `${TRPC}${UNMATCHED}`;
  return names.length === 1 ? `${TRPC}${names[0]}` : `${TRPC}(batch)`;
}

function pageLabel(pathname: string): string {
  try {
    const page = matchPage(pathname);
    if (page) return asTemplate(page.decl.path);
  } catch {
    return UNMATCHED; // a malformed escape names no page
  }
  return pathname === '/dashboard' || pathname.startsWith('/dashboard/') ? '/dashboard/*' : UNMATCHED;
}

/**
 * The label of the route that answered `req`: its template ('/api/Product/:id', '/productDetails/:productID'), a
 * tRPC procedure ('/api/trpc/catalog.filter', '(batch)' for several), or '(unmatched)'. `procedures`: the declared
 * tRPC paths ('catalog.filter').
 */
export function routeLabel(req: IncomingMessage, procedures: ReadonlySet<string>): string {
  const route = (req as Marked)[ROUTE];
  if (route === undefined || route === '/api/*' || route === '') return UNMATCHED;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (route === `${TRPC}*`) return trpcLabel(pathname, procedures);
  // The page fallback (and middleware alone, for a method no route takes): the storefront page the path names.
  if (route === '*' || route === '/*') return pageLabel(pathname);
  return route;
}
