// The role check every staff procedure and route uses: 401 without a valid token, 403 for the wrong role.
import { serverErrorMessages } from '#shared/messages/server-errors';
import { isStaffRole } from '#shared/roles';
import { staffMessages } from '#shared/messages-staff';
import { AppError } from '#server/errors';
import type { Actor } from './tokens';

/** The reason a 403 names when a staff member must set up a second factor first. */
export const SECOND_FACTOR_REQUIRED = 'secondFactorRequired';

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError('UNAUTHORIZED', serverErrorMessages.unauthorized);
  return actor;
}

export function requireRole(actor: Actor | null, roles: readonly number[]): Actor {
  const a = requireActor(actor);
  if (!roles.includes(a.roleID)) throw new AppError('FORBIDDEN', serverErrorMessages.forbidden);
  // The staff requirement of a second factor (decision 225): the client reads the reason and opens the setup.
  if (a.secondFactorMissing)
    throw new AppError('FORBIDDEN', staffMessages.secondFactor.required, undefined, { reason: SECOND_FACTOR_REQUIRED });
  return a;
}

/**
 * Whether a caller may be treated as staff by a read or write that is open to everyone but shows staff more (an
 * order's page, inactive products, a manual order): a staff role that the second-factor requirement does not hold
 * back (decision 225). Anything else is treated as the customer it would be.
 */
export const actsAsStaff = (actor: Actor | null | undefined): boolean =>
  !!actor && isStaffRole(actor.roleID) && !actor.secondFactorMissing;
