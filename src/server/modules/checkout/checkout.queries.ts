// SQL of the checkout module: variants for pricing, active product discounts, promo codes, countries,
// guarded stock decrements, order writes and order reads. Every function takes a db or a transaction.
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';
import { asInt, equalsIgnoringCase } from '../../db/dialect';

type Q = Kysely<Database> | Transaction<Database>;

export interface VariantForPricing {
  variant_id: number;
  product_id: number;
  stock_quantity: number;
  size_name: string;
  color_id: number;
  color_name: string;
  name: string;
  price_cents: number;
  is_active: number;
  image_file: string | null;
}

/** Variants with their product, size, colour and first picture of that colour, in one query. */
export async function variantsForPricing(db: Q, variantIds: readonly number[]): Promise<VariantForPricing[]> {
  if (variantIds.length === 0) return [];
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.product_id', 'v.product_id')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as c', 'c.color_id', 'v.color_id')
    .select([
      'v.variant_id',
      'v.product_id',
      'v.stock_quantity',
      's.size_name',
      'v.color_id',
      'c.color_name',
      'p.name',
      'p.price_cents',
      'p.is_active',
      (eb) =>
        eb
          .selectFrom('product_images as i')
          .select('i.file_name')
          .whereRef('i.product_id', '=', 'v.product_id')
          .orderBy(asInt(sql`i.color_id = v.color_id`), 'desc')
          .orderBy('i.sort_order')
          .orderBy('i.image_id')
          .limit(1)
          .as('image_file'),
    ])
    .where('v.variant_id', 'in', [...variantIds])
    .execute();
}

export async function promoByCode(db: Q, code: string) {
  return db
    .selectFrom('promo_codes')
    .select([
      'promo_code_discount_id',
      'code_name',
      'discount_percentage',
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
    .select(['country_id', 'country_name', 'shipping_price_cents', 'free_shipping_from_cents'])
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

/** Orders already placed with a code by one e-mail address (case-insensitive). */
export async function promoUsesByEmail(trx: Q, promoId: number, email: string): Promise<number> {
  const row = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('promo_code_discount_id', '=', promoId)
    .where((eb) => eb(eb.fn('lower', [eb.ref('email')]), '=', email.toLowerCase()))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
export type NewOrderRow = Omit<Insertable<OrdersTable>, 'order_id' | 'status' | 'order_ship_date'>;

export async function insertOrder(trx: Q, row: NewOrderRow): Promise<number> {
  const r = await trx
    .insertInto('orders')
    .values({ ...row, status: 'pending' })
    .returning('order_id')
    .executeTakeFirstOrThrow();
  return r.order_id;
}

export interface NewOrderLineRow {
  variant_id: number;
  product_id: number;
  product_name: string;
  color: string;
  size: string;
  image_url: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}

export async function insertOrderLines(trx: Q, orderId: number, lines: readonly NewOrderLineRow[]): Promise<void> {
  if (lines.length === 0) return;
  await trx
    .insertInto('order_details')
    .values(lines.map((l) => ({ ...l, order_id: orderId })))
    .execute();
}

export async function orderIdByIdempotencyKey(db: Q, key: string) {
  return db
    .selectFrom('orders')
    .select(['order_id', 'request_fingerprint'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function orderById(db: Q, orderId: number) {
  return db
    .selectFrom('orders')
    .select([
      'order_id',
      'user_id',
      'guest_id',
      'order_date',
      'status',
      'first_name',
      'last_name',
      'email',
      'phone_number',
      'address',
      'city',
      'zip_code',
      'country_id',
      'country_name',
      'subtotal_cents',
      'discount_cents',
      'shipping_cost_cents',
      'total_cents',
      'promo_code',
      'promo_percentage',
      'closed_as',
    ])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

export async function orderLines(db: Q, orderId: number) {
  return db
    .selectFrom('order_details')
    .select([
      'order_details_id',
      'variant_id',
      'product_id',
      'product_name',
      'color',
      'size',
      'image_url',
      'quantity',
      'unit_price_cents',
      'line_total_cents',
    ])
    .where('order_id', '=', orderId)
    .orderBy('order_details_id')
    .execute();
}
