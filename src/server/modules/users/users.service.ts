// Dashboard user management (administrators only): list, create with a role, edit, delete; the last administrator stays.
import { parseId } from '../../../shared/schemas/numbers';
import { messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { ROLE_ADMIN } from '../../../shared/roles';
import type { UserDto } from '../../../shared/dto/users';
import { CreateUserInput, UpdateUserInput } from '../../../shared/schemas/users';
import type { AppDeps } from '../../deps';
import { AppError, notFound, parseInput } from '../../errors';
import { createAccount } from '../accounts/accounts.service';
import type { Actor } from '../accounts/tokens';
import * as q from './users.queries';

const s = staffMessages.dashboardSales;

const toDto = (u: q.UserRow): UserDto => ({
  userID: u.user_id,
  firstName: u.first_name,
  lastName: u.last_name,
  email: u.email,
  phoneNumber: u.phone_number,
  roleID: u.role_id,
  roleName: u.role_name,
  createdAt: u.created_at,
});

const userNotFound = () => notFound(s.userNotFound);
const lastAdmin = () => new AppError('CONFLICT', staffMessages.dashboard.lastAdmin, { roleID: [staffMessages.dashboard.lastAdmin] });
const emailTaken = () => new AppError('CONFLICT', messages.account.emailTaken, { email: [messages.account.emailTaken] });

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Error && /UNIQUE constraint failed/i.test(err.message);
}

async function assertRole(db: AppDeps['db'], roleId: number): Promise<void> {
  if (!(await q.roleExists(db, roleId))) throw new AppError('BAD_REQUEST', s.roleNotFound, { roleID: [s.roleNotFound] });
}

/**
 * The token says administrator, but a demotion or deletion must take effect at once, not when the
 * 15-minute token runs out: user management re-reads the actor's role from the database.
 */
export async function requireCurrentAdmin(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<void> {
  if ((await q.currentRoleOf(deps.db, actor.userId)) !== ROLE_ADMIN) throw new AppError('FORBIDDEN', s.usersAdminOnly);
}

export async function listUsers(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<UserDto[]> {
  await requireCurrentAdmin(deps, actor);
  return (await q.listUsers(deps.db)).map(toDto);
}

export async function getUser(deps: Pick<AppDeps, 'db'>, actor: Actor, id: number): Promise<UserDto> {
  await requireCurrentAdmin(deps, actor);
  return readUser(deps, id);
}

async function readUser(deps: Pick<AppDeps, 'db'>, id: number): Promise<UserDto> {
  const row = await q.findUser(deps.db, id);
  if (!row) throw userNotFound();
  return toDto(row);
}

/** POST /api/Users/register: an administrator creates an account with any existing role (accounts service hashes). */
export async function createUser(deps: AppDeps, actor: Actor, raw: unknown): Promise<UserDto> {
  await requireCurrentAdmin(deps, actor);
  const input = parseInput(CreateUserInput, raw);
  await assertRole(deps.db, input.roleID);
  const created = await createAccount(deps, input, { roleID: input.roleID });
  return readUser(deps, created.userID);
}

/** PUT /api/Users/{id}: names, email, phone and role; never the password. Demoting the last administrator is a 409. */
export async function updateUser(deps: Pick<AppDeps, 'db'>, actor: Actor, id: number, raw: unknown): Promise<UserDto> {
  await requireCurrentAdmin(deps, actor);
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (body.userID != null && parseId(body.userID) !== id) {
    throw new AppError('BAD_REQUEST', messages.common.invalidId, { userID: [messages.common.invalidId] });
  }
  const input = parseInput(UpdateUserInput, { ...body, userID: id });
  try {
    await deps.db.transaction().execute(async (trx) => {
      const current = await q.findUser(trx, id);
      if (!current) throw userNotFound();
      await assertRole(trx, input.roleID);
      if (current.role_id === ROLE_ADMIN && input.roleID !== ROLE_ADMIN && (await q.countUsersWithRole(trx, ROLE_ADMIN)) <= 1) throw lastAdmin();
      if (await q.emailUsedByOther(trx, input.email, id)) throw emailTaken();
      await q.updateUser(trx, id, { firstName: input.firstName, lastName: input.lastName, email: input.email, phoneNumber: input.phoneNumber, roleId: input.roleID });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  return readUser(deps, id);
}

/** DELETE /api/Users/{id}: their orders stay (user id set null); removing the last administrator is a 409. */
export async function deleteUser(deps: Pick<AppDeps, 'db'>, actor: Actor, id: number): Promise<void> {
  await requireCurrentAdmin(deps, actor);
  await deps.db.transaction().execute(async (trx) => {
    const current = await q.findUser(trx, id);
    if (!current) throw userNotFound();
    if (current.role_id === ROLE_ADMIN && (await q.countUsersWithRole(trx, ROLE_ADMIN)) <= 1) throw lastAdmin();
    await q.deleteUser(trx, id);
  });
}
