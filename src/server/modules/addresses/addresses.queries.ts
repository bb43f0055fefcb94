// SQL of saved addresses (decision 215). Every read and write is scoped to the owner's user id in the WHERE clause,
// so a row of another customer is never read or changed, whatever id is asked for.
import type { Insertable, Updateable } from 'kysely';
import type { DB } from '#server/db/client';
import type { Database } from '#server/db/schema';

type Row = Database['customer_addresses'];

export function addressesOf(db: DB, userId: number) {
  return db
    .selectFrom('customer_addresses as a')
    .select([
      'a.address_id',
      'a.first_name',
      'a.last_name',
      'a.phone_number',
      'a.country_id',
      'a.city',
      'a.address',
      'a.zip_code',
    ])
    .where('a.user_id', '=', userId)
    .orderBy('a.updated_at', 'desc')
    .orderBy('a.address_id', 'desc')
    .execute();
}

export type AddressRow = Awaited<ReturnType<typeof addressesOf>>[number];

export async function countAddresses(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('customer_addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAddress(db: DB, values: Insertable<Row>): Promise<number> {
  const row = await db
    .insertInto('customer_addresses')
    .values(values)
    .returning('address_id')
    .executeTakeFirstOrThrow();
  return row.address_id;
}

/** Changes the owner's row; the number of rows changed (0: no such address of this owner). */
export async function updateAddress(db: DB, userId: number, addressId: number, values: Updateable<Row>) {
  const r = await db
    .updateTable('customer_addresses')
    .set(values)
    .where('address_id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteAddress(db: DB, userId: number, addressId: number) {
  const r = await db
    .deleteFrom('customer_addresses')
    .where('address_id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
