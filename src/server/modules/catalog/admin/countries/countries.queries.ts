// SQL of staff country (shipping price) reads and writes.
import type { DB } from '#server/db/client';

export type CountryValues = {
  country_name: string;
  shipping_price_cents: number;
  free_shipping_from_cents?: number | null;
  postal_code_optional?: number;
};

export const countryRow = (db: DB, id: number) =>
  db
    .selectFrom('countries')
    .select(['country_id', 'country_name', 'shipping_price_cents', 'free_shipping_from_cents', 'postal_code_optional'])
    .where('country_id', '=', id)
    .executeTakeFirst();
export async function insertCountry(db: DB, v: CountryValues) {
  return (await db.insertInto('countries').values(v).returning('country_id').executeTakeFirstOrThrow()).country_id;
}
export const updateCountry = (db: DB, id: number, v: CountryValues) =>
  db.updateTable('countries').set(v).where('country_id', '=', id).executeTakeFirst();
export const deleteCountry = (db: DB, id: number) =>
  db.deleteFrom('countries').where('country_id', '=', id).executeTakeFirst();
