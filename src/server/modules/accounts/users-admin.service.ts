// The administrators' screen of accounts (administrators only): list, create with a role, edit, delete; the last administrator stays.
import { accountMessages } from '#shared/messages/account';
import { staffMessages } from '#shared/messages-staff';
import { phoneSearchWords, storedPhone } from '#shared/phone';
import { ROLE_ADMIN } from '#shared/roles';
import type { UserDto } from '#shared/dto/users';
import type { CreateUserInput, UpdateUserInput } from '#shared/schemas/users';
import type { AppDeps } from '#server/deps';
import { isUniqueViolation } from '#server/db/errors';
import { AppError, notFound } from '#server/errors';
import { audited } from '../audit';
import { notifyMailQueued } from '../outbox';
import { queueAccountNotice } from './account-notices';
import { createAccount, toRegistered } from './accounts.service';
import { dropEmailChangesOf } from './email-change.queries';
import {
  LIST_CAP,
  PAGE_SIZE_DEFAULT,
  pageWindow,
  searchWords,
  type ListUsersInput,
  type Page,
} from '#shared/schemas/paging';
import * as q from './users-admin.queries';

const s = staffMessages.dashboardSales;

const toDto = (u: q.UserRow): UserDto => ({ ...toRegistered(u), roleName: u.role_name, createdAt: u.created_at });

const userNotFound = () => notFound(s.userNotFound);
const lastAdmin = () =>
  new AppError('CONFLICT', staffMessages.dashboard.lastAdmin, { roleID: [staffMessages.dashboard.lastAdmin] });
const emailTaken = () =>
  new AppError('CONFLICT', accountMessages.account.emailTaken, { email: [accountMessages.account.emailTaken] });

async function assertRole(db: AppDeps['db'], roleId: number): Promise<void> {
  if (!(await q.roleExists(db, roleId)))
    throw new AppError('BAD_REQUEST', s.roleNotFound, { roleID: [s.roleNotFound] });
}

/** One page of users with the number matching the search (decision 134); `fallbackSize` when no pageSize is asked. */
export async function pageUsers(
  deps: Pick<AppDeps, 'db'>,
  input: ListUsersInput,
  fallbackSize = PAGE_SIZE_DEFAULT,
): Promise<Page<UserDto>> {
  const { page, pageSize, limit, offset } = pageWindow(input, fallbackSize);
  // A phone however it is typed is one word: its digits as stored phones hold them (decision 246).
  const words = phoneSearchWords(input.q) ?? searchWords(input.q);
  const { rows, total } = await q.pageUsers(deps.db, words, limit, offset);
  return { items: rows.map(toDto), total, page, pageSize };
}

/** The spec's array shape: at most LIST_CAP users when no page size is asked for. */
export async function listUsers(deps: Pick<AppDeps, 'db'>, input: ListUsersInput = {}): Promise<Page<UserDto>> {
  return pageUsers(deps, input, LIST_CAP);
}

export async function getUser(deps: Pick<AppDeps, 'db'>, id: number): Promise<UserDto> {
  return readUser(deps, id);
}

async function readUser(deps: Pick<AppDeps, 'db'>, id: number): Promise<UserDto> {
  const row = await q.findUser(deps.db, id);
  if (!row) throw userNotFound();
  return toDto(row);
}

/** What the audit trail records of an account (decision 228): names, contact and role; never the password hash. */
async function userAuditState(db: AppDeps['db'], id: number) {
  const u = await q.findUser(db, id);
  if (!u) return null;
  const { first_name, last_name, email, phone_number, role_id } = u;
  return { first_name, last_name, email, phone_number, role_id };
}

/** POST /api/Users/register: an administrator creates an account with any existing role (accounts service hashes). */
export async function createUser(deps: AppDeps, input: CreateUserInput): Promise<UserDto> {
  await assertRole(deps.db, input.roleID);
  const created = await createAccount(deps, input, { roleID: input.roleID, audit: userAuditState });
  return readUser(deps, created.userID);
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether an edit changes how the account is reached or what it may do (its e-mail, where password resets go, or its
 * role): such an edit needs the administrator's fresh proof (decision 237). An unknown user: no (the edit is a 404).
 */
export async function editKeepsAccess(deps: Pick<AppDeps, 'db'>, input: UpdateUserInput): Promise<boolean> {
  const current = await q.findUser(deps.db, input.userID);
  return !!current && (!sameEmail(current.email, input.email) || current.role_id !== input.roleID);
}

/**
 * PUT /api/Users/{id}: names, email, phone and role; never the password. Demoting the last administrator is a 409. A
 * new e-mail is told to the old address (decision 237).
 */
export async function updateUser(deps: AppDeps, id: number, input: UpdateUserInput): Promise<UserDto> {
  let mailed = false;
  try {
    await audited(deps.db, { entity: 'user', action: 'update', entityId: id }, userAuditState, async (trx) => {
      const current = await q.findUser(trx, id);
      if (!current) throw userNotFound();
      await assertRole(trx, input.roleID);
      if (
        current.role_id === ROLE_ADMIN &&
        input.roleID !== ROLE_ADMIN &&
        (await q.countUsersWithRole(trx, ROLE_ADMIN)) <= 1
      )
        throw lastAdmin();
      if (await q.emailUsedByOther(trx, input.email, id)) throw emailTaken();
      if (!sameEmail(current.email, input.email)) {
        await queueAccountNotice(trx, deps, id, 'account_email_changed', { to: current.email });
        await dropEmailChangesOf(trx, id); // the owner's own change, if one waits, no longer applies (decision 259)
        mailed = true;
      }
      await q.updateUser(trx, id, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phoneNumber: storedPhone(input.phoneNumber), // decision 246
        roleId: input.roleID,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  if (mailed) notifyMailQueued();
  return readUser(deps, id);
}

/** DELETE /api/Users/{id}: their orders stay (user id set null); removing the last administrator is a 409. */
export async function deleteUser(deps: Pick<AppDeps, 'db'>, id: number): Promise<void> {
  await audited(deps.db, { entity: 'user', action: 'delete', entityId: id }, userAuditState, async (trx) => {
    const current = await q.findUser(trx, id);
    if (!current) throw userNotFound();
    if (current.role_id === ROLE_ADMIN && (await q.countUsersWithRole(trx, ROLE_ADMIN)) <= 1) throw lastAdmin();
    await q.deleteUser(trx, id);
  });
}
