// SQL of "my orders" and guest tracking: a customer's orders newest first (index orders_user_id), their lines, one order.
import type { DB } from '../../db/client';

const COLUMNS = [
  'order_id',
  'order_date',
  'order_ship_date',
  'status',
  'closed_as',
  'email',
  'phone_number',
  'subtotal_cents',
  'discount_cents',
  'shipping_cost_cents',
  'total_cents',
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
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('order_date', 'desc')
    .orderBy('order_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type MyOrderRow = Awaited<ReturnType<typeof userOrders>>[number];

export function orderById(db: DB, orderId: number): Promise<MyOrderRow | undefined> {
  return db.selectFrom('orders').select(COLUMNS).where('order_id', '=', orderId).executeTakeFirst();
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
