// SQL of the administrators' screen of accounts (the accounts module owns users and roles): users with their role
// name, role checks, administrator counts, edits and deletes.
import type { DB } from '../../db/client';
import { containsIgnoringCase, equalsIgnoringCase, nowIso } from '../../db/dialect';

type Db = DB;

function usersQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.role_id', 'u.role_id')
    .select([
      'u.user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone_number',
      'u.role_id',
      'r.role_name',
      'u.created_at',
    ]);
}

export type UserRow = Awaited<ReturnType<ReturnType<typeof usersQuery>['executeTakeFirstOrThrow']>>;

const SEARCHED_COLUMNS = ['u.first_name', 'u.last_name', 'u.email', 'u.phone_number', 'r.role_name'] as const;

function filteredUsers(db: Db, words: string[]) {
  let q = db.selectFrom('users as u').innerJoin('roles as r', 'r.role_id', 'u.role_id');
  for (const word of words) q = q.where(containsIgnoringCase(SEARCHED_COLUMNS, word));
  return q;
}

/** One page of users in id order (the primary key), and how many match the search words (decision 134). */
export async function pageUsers(
  db: Db,
  words: string[],
  limit: number,
  offset: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const total = Number(
    (
      await filteredUsers(db, words)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (offset >= total) return { rows: [], total };
  const rows = await filteredUsers(db, words)
    .select([
      'u.user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone_number',
      'u.role_id',
      'r.role_name',
      'u.created_at',
    ])
    .orderBy('u.user_id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}

export function findUser(db: Db, id: number) {
  return usersQuery(db).where('u.user_id', '=', id).executeTakeFirst();
}

export async function roleExists(db: Db, roleId: number): Promise<boolean> {
  return !!(await db.selectFrom('roles').select('role_id').where('role_id', '=', roleId).executeTakeFirst());
}

export async function countUsersWithRole(db: Db, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function emailUsedByOther(db: Db, email: string, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where(equalsIgnoringCase(db, 'email', email))
    .where('user_id', '!=', exceptId)
    .executeTakeFirst();
  return !!row;
}

export async function updateUser(
  db: Db,
  id: number,
  v: { firstName: string; lastName: string; email: string; phoneNumber: string; roleId: number },
) {
  const r = await db
    .updateTable('users')
    .set({
      first_name: v.firstName,
      last_name: v.lastName,
      email: v.email,
      phone_number: v.phoneNumber,
      role_id: v.roleId,
      updated_at: nowIso(db),
    })
    .where('user_id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteUser(db: Db, id: number) {
  const r = await db.deleteFrom('users').where('user_id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}
