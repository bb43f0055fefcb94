// SQL of the checkout module: promo codes, countries and guarded stock decrements (orders are the orders
// module's: checkout writes and reads them through its index.ts). Every function takes a db or a transaction.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { equalsIgnoringCase } from '../../db/dialect';

type Q = Kysely<Database> | Transaction<Database>;

export async function promoByCode(db: Q, code: string) {
  return db
    .selectFrom('promo_codes')
    .select([
      'promo_code_discount_id',
      'code_name',
      'discount_percentage',
      'discount_kind',
      'discount_amount_cents',
      'start_date',
      'end_date',
      'max_uses',
      'max_uses_per_customer',
      'min_subtotal_cents',
      'is_active',
      'uses',
    ])
    .where(equalsIgnoringCase(db, 'code_name', code))
    .executeTakeFirst();
}

export async function promoProductIds(db: Q, promoId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('promo_code_products')
    .select('product_id')
    .where('promo_code_discount_id', '=', promoId)
    .orderBy('product_id')
    .execute();
  return rows.map((r) => r.product_id);
}

export async function countryById(db: Q, countryId: number) {
  return db
    .selectFrom('countries')
    .select(['country_id', 'country_name', 'shipping_price_cents', 'free_shipping_from_cents', 'postal_code_optional'])
    .where('country_id', '=', countryId)
    .executeTakeFirst();
}

/**
 * Claims one use of a promo code inside the order's transaction: a guarded update that changes the row only while
 * the code is active and under its total limit. The row lock it takes serialises the checkouts of one code on
 * PostgreSQL (SQLite serialises every write transaction), so the limit holds under concurrency (decision 181).
 */
export async function claimPromoUse(trx: Q, promoId: number): Promise<boolean> {
  const r = await trx
    .updateTable('promo_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('promo_code_discount_id', '=', promoId)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
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

/** An order as checkout writes it: always pending, not yet shipped. */
