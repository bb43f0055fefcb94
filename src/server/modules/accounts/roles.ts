// The role check every staff procedure and route uses: 401 without a valid token, 403 for the wrong role.
import { messages } from '../../../shared/messages';
import { AppError } from '../../errors';
import type { Actor } from './tokens';

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError('UNAUTHORIZED', messages.common.unauthorized);
  return actor;
}

export function requireRole(actor: Actor | null, roles: readonly number[]): Actor {
  const a = requireActor(actor);
  if (!roles.includes(a.roleID)) throw new AppError('FORBIDDEN', messages.common.forbidden);
  return a;
}
