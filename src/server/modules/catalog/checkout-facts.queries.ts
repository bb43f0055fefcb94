// SQL of what a checkout and an order's closing ask of the catalogue, inside their transaction: a country's
// shipping facts, a guarded stock decrement, a variant's stock, and stock given back.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export async function countryById(db: Q, countryId: number) {
  return db
    .selectFrom('countries')
    .select(['country_id', 'country_name', 'shipping_price_cents', 'free_shipping_from_cents', 'postal_code_optional'])
    .where('country_id', '=', countryId)
    .executeTakeFirst();
}

/** Takes `quantity` units if (and only if) that many are in stock; returns whether a row changed. */
export async function takeStock(trx: Q, variantId: number, quantity: number): Promise<boolean> {
  const result = await trx
    .updateTable('product_variants')
    .set((eb) => ({ stock_quantity: eb('stock_quantity', '-', quantity) }))
    .where('variant_id', '=', variantId)
    .where('stock_quantity', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function stockOf(trx: Q, variantId: number): Promise<number> {
  const row = await trx
    .selectFrom('product_variants')
    .select('stock_quantity')
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return row?.stock_quantity ?? 0;
}

/** Gives `qty` units back to a variant (a cancelled, returned or deleted order); the number of rows changed. */
export async function addStock(db: Q, variantId: number, qty: number): Promise<number> {
  const r = await db
    .updateTable('product_variants')
    .set({ stock_quantity: sql<number>`stock_quantity + ${qty}` })
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
