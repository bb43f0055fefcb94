// Synthetic orders in bulk for list tests and the list bench (decision 134): deterministic names, dates and states,
// written in chunks through Kysely's builder (portable), without order lines.
import { sql } from 'kysely';
import type { DB } from '../db/client';

const FIRST = [
  'Arta',
  'Blerim',
  'Drita',
  'Ermal',
  'Fjolla',
  'Gent',
  'Hana',
  'Ilir',
  'Jeta',
  'Kushtrim',
  'Lirie',
  'Mentor',
];
const LAST = ['Krasniqi', 'Gashi', 'Berisha', 'Hoxha', 'Morina', 'Shala', 'Bytyqi', 'Kelmendi'];
const CITY = ['Prishtinë', 'Prizren', 'Pejë', 'Gjakovë', 'Ferizaj', 'Tiranë'];

export interface BulkOrderState {
  status: 'pending' | 'delivered';
  closed_as: 'cancelled' | 'returned' | null;
}

/** The state of synthetic order i: mostly delivered, some pending, a few cancelled or returned. */
export function bulkOrderState(i: number): BulkOrderState {
  const k = i % 20;
  if (k === 0) return { status: 'pending', closed_as: 'cancelled' };
  if (k === 1) return { status: 'delivered', closed_as: 'returned' };
  return { status: k < 6 ? 'pending' : 'delivered', closed_as: null };
}

/** Inserts `count` orders dated `spacingMs` apart (default one minute: order i at start + i minutes); all in chunks of 400 rows. */
export async function insertBulkOrders(
  db: DB,
  count: number,
  start = Date.UTC(2025, 0, 1),
  spacingMs = 60_000,
): Promise<void> {
  const CHUNK = 400;
  for (let from = 0; from < count; from += CHUNK) {
    const rows = [];
    for (let i = from; i < Math.min(count, from + CHUNK); i++) {
      const state = bulkOrderState(i);
      rows.push({
        order_date: new Date(start + i * spacingMs).toISOString(),
        status: state.status,
        closed_as: state.closed_as,
        first_name: FIRST[i % FIRST.length]!,
        last_name: LAST[Math.floor(i / FIRST.length) % LAST.length]!,
        email: `bleresi${i}@example.com`,
        phone_number: `+3834${String(4000000 + i).padStart(7, '0')}`,
        address: `Rruga ${i}`,
        city: CITY[i % CITY.length]!,
        zip_code: '10000',
        country_name: 'Kosovë',
        subtotal_cents: 1000 + (i % 50) * 100,
        shipping_cost_cents: 200,
        total_cents: 1200 + (i % 50) * 100,
      });
    }
    await db.insertInto('orders').values(rows).execute();
  }
}

const SIZES = ['S', 'M', 'L', 'XL'];
const COLOURS = ['E zezë', 'E kuqe', 'Blu', 'E bardhë', 'Bezhë'];

/**
 * Gives every order without lines one to three lines (the reports bench, decision 230): products taken in turn from
 * `products`, sizes and colours from short lists, in chunks of 400 rows.
 */
export async function insertBulkOrderLines(
  db: DB,
  products: Array<{ productId: number; variantId: number; name: string }>,
): Promise<number> {
  const ids = await db
    .selectFrom('orders')
    .select('order_id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_details')
            .select('order_details_id')
            .whereRef('order_details.order_id', '=', 'orders.order_id'),
        ),
      ),
    )
    .orderBy('order_id')
    .execute();
  const rows = ids.flatMap(({ order_id: id }, i) =>
    Array.from({ length: 1 + (i % 3) }, (_, k) => {
      const p = products[(i * 7 + k * 3) % products.length]!;
      const qty = 1 + ((i + k) % 2);
      const unit = 1500 + ((i + k) % 10) * 500;
      return {
        order_id: id,
        product_id: p.productId,
        variant_id: p.variantId,
        product_name: p.name,
        size: SIZES[(i + k) % SIZES.length]!,
        color: COLOURS[(i * 3 + k) % COLOURS.length]!,
        quantity: qty,
        unit_price_cents: unit,
        line_total_cents: qty * unit,
      };
    }),
  );
  for (let from = 0; from < rows.length; from += 400) {
    await db
      .insertInto('order_details')
      .values(rows.slice(from, from + 400))
      .execute();
  }
  return rows.length;
}

/** Inserts `count` contact messages ("Vizitor i"), in chunks of 500 rows. */
export async function insertBulkMessages(db: DB, count: number): Promise<void> {
  for (let from = 0; from < count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from) }, (_, k) => ({
      name: `Vizitor ${from + k}`,
      phone: '+38344111222',
      email: `v${from + k}@example.com`,
      message: 'Pyetje për porosinë',
    }));
    await db.insertInto('contact_messages').values(rows).execute();
  }
}

/** Gives synthetic orders `size` at a time one e-mail, so they make one buyer each group (the customers bench). */
export async function shareBulkOrderEmails(db: DB, size: number): Promise<void> {
  // A number bound from JavaScript may be a REAL: the cast keeps the division whole.
  await sql`UPDATE orders SET email = 'bleresi' || CAST(order_id / ${size} AS INTEGER) || '@example.com'`.execute(db);
}

/** How many buyers the buyers rollup holds (decision 256). */
export async function buyerCount(db: DB): Promise<number> {
  const r = await db
    .selectFrom('buyers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Turns an order pending <-> delivered with raw SQL, as no service would (the rollup benches' status change). */
export async function flipOrderStatus(db: DB, orderId: number): Promise<void> {
  await sql`UPDATE orders SET status = CASE WHEN status = 'pending' THEN 'delivered' ELSE 'pending' END
            WHERE order_id = ${orderId}`.execute(db);
}
