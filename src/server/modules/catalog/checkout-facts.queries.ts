// SQL of what a checkout asks of the catalogue, inside its transaction: a country's shipping facts and a variant's
// stock. Stock itself changes only through stock.ts (changeStock, takeStock, addStock; decision 231).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export async function countryById(db: Q, countryId: number) {
  return db
    .selectFrom('countries')
    .select(['country_id', 'country_name', 'shipping_price_cents', 'free_shipping_from_cents', 'postal_code_optional'])
    .where('country_id', '=', countryId)
    .executeTakeFirst();
}

export async function stockOf(trx: Q, variantId: number): Promise<number> {
  const row = await trx
    .selectFrom('product_variants')
    .select('stock_quantity')
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return row?.stock_quantity ?? 0;
}
