// Resolves the bearer token into c.var.actor, and guards for REST routes that need a role.
import type { Context, MiddlewareHandler } from 'hono';
import { ADMIN_ROLES, STAFF_ROLES } from '../../shared/roles';
import { requireActor, requireRole } from '../modules/accounts/roles';
import { actorFromToken } from '../modules/accounts/actor';
import { bearerToken, type Actor } from '../modules/accounts/tokens';
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

export const actorOf = (c: Context<AppEnv>): Actor => requireActor(c.var.actor);
export const staffOf = (c: Context<AppEnv>): Actor => requireRole(c.var.actor, STAFF_ROLES);
export const adminOf = (c: Context<AppEnv>): Actor => requireRole(c.var.actor, ADMIN_ROLES);

/** Middleware form, for mounting a whole group of staff-only routes. */
export const requireStaff: MiddlewareHandler<AppEnv> = async (c, next) => {
  staffOf(c);
  await next();
};
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  adminOf(c);
  await next();
};
