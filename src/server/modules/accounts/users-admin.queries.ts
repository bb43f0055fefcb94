// SQL of the administrators' screen of accounts (the accounts module owns users and roles): users with their role
// name, role checks, administrator counts, edits and deletes.
import type { DB } from '#server/db/client';
import { sql } from 'kysely';
import { containsIgnoringCase, equalsIgnoringCase, nowIso } from '#server/db/dialect';
import { USERS_SEARCH, searchCandidates } from '#server/db/search-index';

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

/** The user's own searched columns (the text of search index users_search) and the role's name beside them. */
const SEARCHED_COLUMNS = ['u.first_name', 'u.last_name', 'u.email', 'u.phone_number'] as const;

/** For each word, the roles whose name holds it (three rows: read once per search, before the users). */
async function rolesByWord(db: Db, words: string[]): Promise<number[][]> {
  if (words.length === 0) return [];
  const roles = await db.selectFrom('roles').select(['role_id', 'role_name']).execute();
  return words.map((w) => roles.filter((r) => r.role_name.toLowerCase().includes(w)).map((r) => r.role_id));
}

/**
 * Every word occurs in the user's columns or the role's name (decision 134; a word holds no space, so matching the
 * two texts apart equals matching them joined). The search index narrows to the users whose text holds the
 * words, or who have a role whose name holds one (decision 243).
 */
function filteredUsers(db: Db, words: string[], roleIds: number[][]) {
  let q = db.selectFrom('users as u').innerJoin('roles as r', 'r.role_id', 'u.role_id');
  const id = sql.ref<number>('u.user_id');
  const plain = searchCandidates(
    db,
    USERS_SEARCH.index,
    id,
    words.filter((_, i) => !roleIds[i]?.length),
  );
  if (plain) q = q.where(plain);
  words.forEach((word, i) => {
    const roles = roleIds[i] ?? [];
    const inRole = roles.length ? [sql<boolean>`${sql.ref('u.role_id')} IN (${sql.join(roles)})`] : [];
    const candidates = roles.length ? searchCandidates(db, USERS_SEARCH.index, id, [word]) : null;
    if (candidates) q = q.where((eb) => eb.or([candidates, ...inRole]));
    q = q.where((eb) => eb.or([containsIgnoringCase(SEARCHED_COLUMNS, word), ...inRole]));
  });
  return q;
}

/** One page of users in id order (the primary key), and how many match the search words (decision 134). */
export async function pageUsers(
  db: Db,
  words: string[],
  limit: number,
  offset: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const roleIds = await rolesByWord(db, words);
  const total = Number(
    (
      await filteredUsers(db, words, roleIds)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (offset >= total) return { rows: [], total };
  const rows = await filteredUsers(db, words, roleIds)
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
