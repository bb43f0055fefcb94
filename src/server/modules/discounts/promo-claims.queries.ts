// SQL of a promo code's use at checkout (the discounts module owns promo codes): the code by name, the products it
// applies to, and the guarded claim of one use. Every function takes a db or a transaction (the order's).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { equalsIgnoringCase } from '#server/db/dialect';

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
