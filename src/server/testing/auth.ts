// Test users and their access tokens, signed with the same function the server verifies with.
import { ROLE_ADMIN, ROLE_CUSTOMER, ROLE_STAFF } from '#shared/roles';
import type { AppDeps } from '../deps';
import { hashPassword, startSession, signAccessToken } from '../modules/accounts';

let counter = 0;

export async function createUser(
  deps: AppDeps,
  opts: { roleID?: number; email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<{
  userId: number;
  roleID: number;
  email: string;
  password: string;
  token: string;
  familyId: string;
  refreshToken: string;
}> {
  counter += 1;
  const roleID = opts.roleID ?? ROLE_CUSTOMER;
  const email = opts.email ?? `user${counter}-${Date.now()}@example.com`;
  const password = opts.password ?? 'Sekret#2026';
  const row = await deps.db
    .insertInto('users')
    .values({
      first_name: opts.firstName ?? 'Test',
      last_name: opts.lastName ?? 'Përdorues',
      email,
      phone_number: '+38344123456',
      password_hash: await hashPassword(password),
      role_id: roleID,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  // A real login (refresh-token family), so the token passes the per-request live-login check; like a sign-in, it
  // starts with a fresh proof of its owner (step-up, decision 237).
  const session = await startSession(deps.db, row.user_id);
  const token = await signAccessToken(
    { userId: row.user_id, roleID, familyId: session.familyId },
    deps.config.keys.accessToken,
  );
  return {
    userId: row.user_id,
    roleID,
    email,
    password,
    token,
    familyId: session.familyId,
    refreshToken: session.refreshToken,
  };
}

/**
 * Moves a login's proof of its owner `seconds` into the past (decision 237): its token then stands for a stolen one,
 * refused by every account-keeping change until a step-up.
 */
export async function ageProof(deps: Pick<AppDeps, 'db'>, familyId: string, seconds = 3600): Promise<void> {
  await deps.db
    .updateTable('login_sessions')
    .set({ proved_at: new Date(Date.now() - seconds * 1000).toISOString() })
    .where('family_id', '=', familyId)
    .execute();
}

export const createCustomer = (deps: AppDeps) => createUser(deps, { roleID: ROLE_CUSTOMER });
export const createStaff = (deps: AppDeps) => createUser(deps, { roleID: ROLE_STAFF });
export const createAdmin = (deps: AppDeps) => createUser(deps, { roleID: ROLE_ADMIN });
