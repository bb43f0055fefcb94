// SQL of first-start preparation: is the shop empty, and the administrator account from the environment.
import { ROLE_ADMIN } from '#shared/roles';
import type { DB } from '../db/client';

export async function productAndUserCounts(db: DB): Promise<{ products: number; users: number }> {
  const products = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const users = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { products: Number(products.n), users: Number(users.n) };
}

export async function userIdByEmail(db: DB, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row?.user_id;
}

/** Makes the user an administrator with this password and signs out all of their sessions. */
export async function resetAdmin(db: DB, userId: number, passwordHash: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, role_id: ROLE_ADMIN, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertAdmin(db: DB, email: string, passwordHash: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      first_name: 'Administrator',
      last_name: 'Butiku',
      email,
      password_hash: passwordHash,
      role_id: ROLE_ADMIN,
    })
    .execute();
}
