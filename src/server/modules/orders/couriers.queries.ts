// SQL of the couriers list (decision 229): the orders module owns the couriers table.
import type { DB } from '#server/db/client';

const COLUMNS = ['courier_id', 'name', 'tracking_url_pattern'] as const;

export const listCouriers = (db: DB) => db.selectFrom('couriers').select(COLUMNS).orderBy('name').execute();

export const courierById = (db: DB, id: number) =>
  db.selectFrom('couriers').select(COLUMNS).where('courier_id', '=', id).executeTakeFirst();

export async function insertCourier(db: DB, name: string, pattern: string | null): Promise<number> {
  const r = await db
    .insertInto('couriers')
    .values({ name, tracking_url_pattern: pattern })
    .returning('courier_id')
    .executeTakeFirstOrThrow();
  return r.courier_id;
}

export async function updateCourier(db: DB, id: number, name: string, pattern: string | null): Promise<number> {
  const r = await db
    .updateTable('couriers')
    .set({ name, tracking_url_pattern: pattern })
    .where('courier_id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteCourier(db: DB, id: number): Promise<number> {
  const r = await db.deleteFrom('couriers').where('courier_id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}
