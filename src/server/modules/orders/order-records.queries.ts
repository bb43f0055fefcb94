// SQL of order records: checkout's writes (order, lines, idempotency key), the confirmation's and the dashboard's
// reads of one order and its lines, a shopper's orders, promo uses per e-mail or phone. The orders module owns these
// tables; other modules reach them through orders/index.ts.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '#server/db/client';
import type { Database, OrdersTable } from '#server/db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** What a shopper may see of the order's way to them (decision 229); never the staff's notes. */
const SHIPMENT_COLUMNS = ['stage', 'courier_name', 'tracking_number', 'tracking_url'] as const;

/** Orders already placed with a code by one customer: the same e-mail (case-insensitive) or the same stored phone. */
export async function promoUsesByContact(trx: Q, promoId: number, email: string, phone: string): Promise<number> {
  const row = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('promo_code_discount_id', '=', promoId)
    .where((eb) =>
      eb.or([
        eb('phone_number', '=', phone),
        ...(email ? [eb(eb.fn('lower', [eb.ref('email')]), '=', email.toLowerCase())] : []),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

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
      'promo_amount_cents',
      'store_credit_cents',
      'gift_card_cents',
      'look_discount_cents',
      'closed_as',
      'held_at',
      ...SHIPMENT_COLUMNS,
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

const SHOPPER_COLUMNS = [
  'order_id',
  'order_date',
  'order_ship_date',
  'status',
  'closed_as',
  'email',
  'phone_number',
  'country_name', // the phone's country for guest tracking (decision 246)
  'subtotal_cents',
  'discount_cents',
  'shipping_cost_cents',
  'total_cents',
  'store_credit_cents',
  'gift_card_cents',
  'look_discount_cents',
  ...SHIPMENT_COLUMNS,
] as const;

export async function countUserOrders(db: DB, userId: number): Promise<number> {
  const r = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** One page of the user's orders, newest first (ties by id, so pages never overlap). */
export function userOrders(db: DB, userId: number, limit: number, offset: number) {
  return db
    .selectFrom('orders')
    .select(SHOPPER_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('order_date', 'desc')
    .orderBy('order_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type MyOrderRow = Awaited<ReturnType<typeof userOrders>>[number];

export function shopperOrderById(db: DB, orderId: number): Promise<MyOrderRow | undefined> {
  return db.selectFrom('orders').select(SHOPPER_COLUMNS).where('order_id', '=', orderId).executeTakeFirst();
}

/** Whose an order is and where it goes: the order page's address block (decision 255). */
export function orderDelivery(db: DB, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['user_id', 'first_name', 'last_name', 'address', 'city', 'zip_code', 'country_name', 'phone_number'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** Who placed an order and where it stands, for the reviews of its products (decision 234). */
export function orderBuyer(db: DB, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['order_id', 'user_id', 'email', 'first_name', 'last_name', 'status', 'closed_as'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** Who placed each of the given orders (name, e-mail, phone), in one question. */
export function orderBuyers(db: DB, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select(['order_id', 'email', 'first_name', 'last_name', 'phone_number', 'user_id'])
    .where('order_id', 'in', orderIds)
    .execute();
}

/** The snapshot lines of the given orders, in the order they were written. */
export function linesOf(db: DB, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_details')
    .select([
      'order_id',
      'product_id',
      'product_name',
      'color',
      'size',
      'image_url',
      'quantity',
      'unit_price_cents',
      'line_total_cents',
    ])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('order_details_id')
    .execute();
}

/** How many order lines name each of the given products (index order_details_product_id). */
export function lineCountsByProduct(db: DB, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_details')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('product_id', 'in', productIds)
    .groupBy('product_id')
    .execute();
}
