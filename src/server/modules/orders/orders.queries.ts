// SQL of the dashboard orders module: lists, one order with its lines, the status toggle, deletion with stock return.
import { sql } from 'kysely';
import type { DB } from '../../db/client';
import type { OrderStatus } from '../../../shared/dto/orders';

type Db = DB;

const ORDER_COLUMNS = [
  'o.order_id',
  'o.order_date',
  'o.order_ship_date',
  'o.status',
  'o.first_name',
  'o.last_name',
  'o.email',
  'o.phone_number',
  'o.address',
  'o.city',
  'o.zip_code',
  'o.country_id',
  'o.country_name',
  'o.subtotal_cents',
  'o.discount_cents',
  'o.shipping_cost_cents',
  'o.total_cents',
  'o.promo_code',
  'o.promo_percentage',
  'o.user_id',
  'o.guest_id',
  'o.created_by_user_id',
] as const;

function ordersQuery(db: Db) {
  return db
    .selectFrom('orders as o')
    .leftJoin('countries as c', 'c.country_id', 'o.country_id')
    .select(ORDER_COLUMNS)
    .select([
      'c.country_name as current_country_name',
      (eb) =>
        eb
          .selectFrom('order_details as d')
          .select((e) => e.fn.coalesce(e.fn.sum<number>('d.quantity'), sql<number>`0`).as('n'))
          .whereRef('d.order_id', '=', 'o.order_id')
          .as('item_count'),
    ]);
}

export type OrderRow = Awaited<ReturnType<ReturnType<typeof ordersQuery>['executeTakeFirstOrThrow']>>;

/** Newest first; optionally only one status (uses the (status, order_date) index). */
export async function listOrders(db: Db, status?: OrderStatus): Promise<OrderRow[]> {
  let q = ordersQuery(db).orderBy('o.order_date', 'desc').orderBy('o.order_id', 'desc');
  if (status) q = q.where('o.status', '=', status);
  return q.execute();
}

export async function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  return ordersQuery(db).where('o.order_id', '=', id).executeTakeFirst();
}

/** Flips pending <-> delivered in one statement (SET sees the old status); stamps or clears the ship date. */
export async function toggleStatus(db: Db, id: number, nowIso: string) {
  return db
    .updateTable('orders')
    .set({
      status: sql<OrderStatus>`CASE WHEN status = 'pending' THEN 'delivered' ELSE 'pending' END`,
      order_ship_date: sql<string | null>`CASE WHEN status = 'pending' THEN ${nowIso} ELSE NULL END`,
    })
    .where('order_id', '=', id)
    .returning(['status', 'order_ship_date'])
    .executeTakeFirst();
}

export async function orderStatus(db: Db, id: number) {
  const row = await db.selectFrom('orders').select('status').where('order_id', '=', id).executeTakeFirst();
  return row?.status;
}

/** Quantity per still-existing variant of an order's lines. */
export async function lineQuantitiesByVariant(db: Db, orderId: number) {
  return db
    .selectFrom('order_details')
    .select(['variant_id', (eb) => eb.fn.sum<number>('quantity').as('qty')])
    .where('order_id', '=', orderId)
    .where('variant_id', 'is not', null)
    .groupBy('variant_id')
    .execute();
}

export async function addStock(db: Db, variantId: number, qty: number) {
  const r = await db
    .updateTable('product_variants')
    .set({ stock_quantity: sql<number>`stock_quantity + ${qty}` })
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteOrder(db: Db, id: number) {
  const r = await db.deleteFrom('orders').where('order_id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}
