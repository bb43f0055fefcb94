// The caller and role guards of the REST door. The app's per-request middleware resolves the caller once
// (c.var.actor, reused by the tRPC context); route groups declare their role once with staffRoutes/adminRoutes.
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { ADMIN_ROLES, STAFF_ROLES } from '#shared/roles';
import { requireActor, requireRole, actorFromToken, bearerToken, type Actor } from '../modules/accounts';
import type { AppDeps } from '../deps';
import type { AppEnv } from './env';

/** The caller for an Authorization header value; requests without one skip the token work entirely. */
export function actorForHeader(deps: AppDeps, authorization: string | undefined): Promise<Actor | null> | null {
  return authorization ? actorFromToken(deps, bearerToken(authorization)) : null;
}

/** Middleware form (the app does this inside its one per-request middleware). */
export const resolveActor: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('actor', await actorForHeader(c.var.deps, c.req.header('authorization')));
  await next();
};

/** The signed-in caller (401 without one). Behind requireStaff/requireAdmin it is always there. */
export const actorOf = (c: Context<AppEnv>): Actor => requireActor(c.var.actor);

/** 401 without a caller, 403 for a caller who is not staff or administrator. */
export const requireStaff: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireRole(c.var.actor, STAFF_ROLES);
  await next();
};
/** 401 without a caller, 403 for a caller who is not an administrator. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireRole(c.var.actor, ADMIN_ROLES);
  await next();
};

type Handler<P extends string> = (c: Context<AppEnv, P>) => Response | Promise<Response>;
type Register = <P extends string>(path: P, handler: Handler<P>) => RouteGroup;

/** Routes of one role: each registers with the guard in front, so public routes on the same paths stay public. */
export interface RouteGroup {
  get: Register;
  post: Register;
  put: Register;
  delete: Register;
}

function routeGroup(api: Hono<AppEnv>, guard: MiddlewareHandler<AppEnv>): RouteGroup {
  const group: RouteGroup = {
    get: (path, handler) => (api.get(path, guard, handler), group),
    post: (path, handler) => (api.post(path, guard, handler), group),
    put: (path, handler) => (api.put(path, guard, handler), group),
    delete: (path, handler) => (api.delete(path, guard, handler), group),
  };
  return group;
}

/** Staff-only routes (staff and administrators). */
export const staffRoutes = (api: Hono<AppEnv>): RouteGroup => routeGroup(api, requireStaff);
/** Administrator-only routes. */
export const adminRoutes = (api: Hono<AppEnv>): RouteGroup => routeGroup(api, requireAdmin);
