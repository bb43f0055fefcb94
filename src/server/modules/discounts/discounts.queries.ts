// SQL of the discounts module: promo codes and their product links (product discounts are the catalogue's table,
// product-discounts.queries.ts there, decision 223).
import type { DB } from '#server/db/client';
import type { PromoKind } from '#server/db/schema';
import { equalsIgnoringCase } from '#server/db/dialect';

export type Db = DB;

export async function listPromoRows(db: Db, id?: number) {
  let q = db
    .selectFrom('promo_codes')
    .select([
      'promo_codes.promo_code_discount_id',
      'promo_codes.code_name',
      'promo_codes.discount_percentage',
      'promo_codes.discount_kind',
      'promo_codes.discount_amount_cents',
      'promo_codes.start_date',
      'promo_codes.end_date',
      'promo_codes.max_uses',
      'promo_codes.max_uses_per_customer',
      'promo_codes.min_subtotal_cents',
      'promo_codes.is_active',
      'promo_codes.uses',
    ])
    .orderBy('promo_codes.start_date', 'desc')
    .orderBy('promo_codes.promo_code_discount_id', 'desc');
  if (id !== undefined) q = q.where('promo_codes.promo_code_discount_id', '=', id);
  return q.execute();
}

export async function promoLinks(db: Db, promoIds: number[]) {
  if (promoIds.length === 0) return [];
  return db
    .selectFrom('promo_code_products')
    .select(['promo_code_discount_id', 'product_id'])
    .where('promo_code_discount_id', 'in', promoIds)
    .orderBy('product_id')
    .execute();
}

/** Another promo with the same code regardless of case (the unique index is NOCASE too). */
export async function promoIdByCode(db: Db, code: string, exceptId?: number) {
  let q = db
    .selectFrom('promo_codes')
    .select('promo_code_discount_id')
    .where(equalsIgnoringCase(db, 'code_name', code));
  if (exceptId !== undefined) q = q.where('promo_code_discount_id', '!=', exceptId);
  const row = await q.executeTakeFirst();
  return row?.promo_code_discount_id ?? null;
}

/** A promo's optional limits as columns; a key left out is not written (kept on update, the default on insert). */
export interface PromoLimitValues {
  max_uses?: number | null;
  max_uses_per_customer?: number | null;
  min_subtotal_cents?: number | null;
  is_active?: number;
}

/** What a promo code takes off (decision 222): a percentage (amount null) or a fixed amount (percentage 0). */
export interface PromoValue {
  discount_kind: PromoKind;
  discount_percentage: number;
  discount_amount_cents: number | null;
}

export interface PromoValues {
  code: string;
  value: PromoValue;
  startDate: string;
  endDate: string;
  limits: PromoLimitValues;
}

export async function insertPromo(db: Db, v: PromoValues) {
  const row = await db
    .insertInto('promo_codes')
    .values({
      code_name: v.code,
      ...v.value,
      start_date: v.startDate,
      end_date: v.endDate,
      ...v.limits,
    })
    .returning('promo_code_discount_id')
    .executeTakeFirstOrThrow();
  return row.promo_code_discount_id;
}

export async function updatePromo(db: Db, id: number, v: PromoValues) {
  const r = await db
    .updateTable('promo_codes')
    .set({
      code_name: v.code,
      ...v.value,
      start_date: v.startDate,
      end_date: v.endDate,
      ...v.limits,
    })
    .where('promo_code_discount_id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function replacePromoLinks(db: Db, id: number, productIds: number[]) {
  await db.deleteFrom('promo_code_products').where('promo_code_discount_id', '=', id).execute();
  if (productIds.length) {
    await db
      .insertInto('promo_code_products')
      .values(productIds.map((product_id) => ({ promo_code_discount_id: id, product_id })))
      .execute();
  }
}

export async function deletePromo(db: Db, id: number) {
  const r = await db.deleteFrom('promo_codes').where('promo_code_discount_id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}
