// SQL of the demo seeder: bulk inserts of the planned catalogue, people and orders, counts, and the wipe.
import { sql, type Insertable } from 'kysely';
import type { DB } from '../db/client';
import type { Database } from '../db/schema';
import { resetIdCounters } from '../db/dialect';
import { NO_COLOUR_HEX } from '#shared/colours';

export async function tableCount(db: DB, table: 'products' | 'orders' | 'users'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ReferenceValues {
  categories: ReadonlyArray<{ name: string; description: string; main: number }>;
  colors: ReadonlyArray<{ name: string; hex: string }>;
  sizeNames: readonly string[];
  events: readonly string[];
  countries: ReadonlyArray<{ name: string; cents: number; postalCodeOptional?: boolean }>;
}

/** Categories (one by one, so ids follow the list), colours, sizes, events and countries. */
export async function insertReferenceData(db: DB, v: ReferenceValues) {
  const categoryIds: number[] = [];
  for (const cat of v.categories) {
    const row = await db
      .insertInto('categories')
      .values({ category_name: cat.name, description: cat.description, main_category_id: cat.main })
      .returning('category_id')
      .executeTakeFirstOrThrow();
    categoryIds.push(row.category_id);
  }
  const colorIds = (
    await db
      .insertInto('colors')
      .values(v.colors.map((c) => ({ color_name: c.name, hex_code: c.hex })))
      .returning('color_id')
      .execute()
  ).map((r) => r.color_id);
  const sizeRows = await db
    .insertInto('sizes')
    .values(v.sizeNames.map((n) => ({ size_name: n })))
    .returning(['size_id', 'size_name'])
    .execute();
  const eventRows = await db
    .insertInto('events')
    .values(v.events.map((n) => ({ event_name: n })))
    .returning(['event_id', 'event_name'])
    .execute();
  const countryRows = await db
    .insertInto('countries')
    .values(
      v.countries.map((c) => ({
        country_name: c.name,
        shipping_price_cents: c.cents,
        postal_code_optional: c.postalCodeOptional ? 1 : 0,
      })),
    )
    .returning(['country_id', 'country_name', 'shipping_price_cents'])
    .execute();
  return { categoryIds, colorIds, noColourId: await noColourId(db), sizeRows, eventRows, countryRows };
}

/** The "no colour" row of migration 0240 (decision 216), made again if it is missing. */
async function noColourId(db: DB): Promise<number> {
  const row = await db.selectFrom('colors').select('color_id').where('hex_code', '=', NO_COLOUR_HEX).executeTakeFirst();
  if (row) return row.color_id;
  const made = await db
    .insertInto('colors')
    .values({ color_name: 'Pa ngjyrë', hex_code: NO_COLOUR_HEX })
    .returning('color_id')
    .executeTakeFirstOrThrow();
  return made.color_id;
}

export async function insertProduct(db: DB, values: Insertable<Database['products']>): Promise<number> {
  return (await db.insertInto('products').values(values).returning('product_id').executeTakeFirstOrThrow()).product_id;
}

export const insertVariants = (db: DB, values: Array<Insertable<Database['product_variants']>>) =>
  db
    .insertInto('product_variants')
    .values(values)
    .returning(['variant_id', 'color_id', 'size_id', 'stock_quantity'])
    .execute();

export async function insertProductEvents(db: DB, productId: number, eventIds: number[]): Promise<void> {
  if (eventIds.length)
    await db
      .insertInto('product_events')
      .values(eventIds.map((id) => ({ product_id: productId, event_id: id })))
      .execute();
}

/** In chunks of 200 rows (SQLite's bound-parameter limit). */
export async function insertImages(db: DB, values: Array<Insertable<Database['product_images']>>): Promise<void> {
  for (let i = 0; i < values.length; i += 200)
    await db
      .insertInto('product_images')
      .values(values.slice(i, i + 200))
      .execute();
}

export async function insertProductDiscount(
  db: DB,
  pct: number,
  start: string,
  end: string,
  productIds: number[],
): Promise<void> {
  const d = await db
    .insertInto('product_discounts')
    .values({ discount_percentage: pct, start_date: start, end_date: end })
    .returning('product_discount_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('product_discount_products')
    .values(productIds.map((id) => ({ product_discount_id: d.product_discount_id, product_id: id })))
    .execute();
}

export async function insertPromo(
  db: DB,
  code: string,
  pct: number,
  start: string,
  end: string,
  productIds: number[],
): Promise<number> {
  const promo = await db
    .insertInto('promo_codes')
    .values({ code_name: code, discount_percentage: pct, start_date: start, end_date: end })
    .returning('promo_code_discount_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('promo_code_products')
    .values(productIds.map((id) => ({ promo_code_discount_id: promo.promo_code_discount_id, product_id: id })))
    .execute();
  return promo.promo_code_discount_id;
}

/** Sets a promo's use counter to the orders placed with it (the demo's orders are written, not checked out). */
export async function countPromoUses(db: DB, promoId: number): Promise<void> {
  await db
    .updateTable('promo_codes')
    .set((eb) => ({
      uses: eb
        .selectFrom('orders')
        .select((o) => o.fn.countAll<number>().as('n'))
        .where('promo_code_discount_id', '=', promoId),
    }))
    .where('promo_code_discount_id', '=', promoId)
    .execute();
}

export async function insertUser(db: DB, values: Insertable<Database['users']>): Promise<number> {
  return (await db.insertInto('users').values(values).returning('user_id').executeTakeFirstOrThrow()).user_id;
}

export async function insertContactMessage(db: DB, values: Insertable<Database['contact_messages']>): Promise<void> {
  await db.insertInto('contact_messages').values(values).execute();
}

export async function insertOrder(
  db: DB,
  order: Insertable<Database['orders']>,
  lines: Array<Omit<Insertable<Database['order_details']>, 'order_id'>>,
): Promise<number> {
  const row = await db.insertInto('orders').values(order).returning('order_id').executeTakeFirstOrThrow();
  await db
    .insertInto('order_details')
    .values(lines.map((d) => ({ ...d, order_id: row.order_id })))
    .execute();
  return row.order_id;
}

/** The demo couriers (decision 229). */
export async function insertCouriers(db: DB, rows: Array<{ name: string; tracking_url_pattern: string | null }>) {
  await db.insertInto('couriers').values(rows).execute();
}

/** A demo order's history rows and staff notes (stage moves, decision 229). */
export async function insertOrderHistory(
  db: DB,
  events: Array<Insertable<Database['order_events']>>,
  notes: Array<Insertable<Database['order_notes']>>,
) {
  if (events.length) await db.insertInto('order_events').values(events).execute();
  if (notes.length) await db.insertInto('order_notes').values(notes).execute();
}

export const imageFileNames = async (db: DB) =>
  (await db.selectFrom('product_images').select('file_name').execute()).map((r) => r.file_name);

const SHOP_TABLES = [
  'gift_card_entries',
  'gift_cards',
  'cart_reminder_optouts',
  'cart_reminders',
  'guest_cart_lines',
  'cart_followups',
  'blocked_phones',
  'store_credit_entries',
  'return_request_lines',
  'return_requests',
  'product_reviews',
  'couriers',
  'order_details',
  'orders',
  'cart_items',
  'wishlist_items',
  'promo_code_products',
  'promo_codes',
  'product_discount_products',
  'product_discounts',
  'size_guides',
  'look_products',
  'looks',
  'back_in_stock_requests',
  'product_images',
  'product_events',
  'product_variants',
  'products',
  'categories',
  'colors',
  'sizes',
  'events',
  'countries',
  'contact_replies',
  'contact_messages',
  'refresh_tokens',
  'social_accounts',
  'users',
] as const;

/**
 * Empties every shop table (children first) and restarts their id counters (the fixed roles and main categories
 * stay, and so does the "no colour" row of migration 0240, decision 216).
 */
export async function deleteShopRows(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of SHOP_TABLES)
      if (table === 'colors') await trx.deleteFrom('colors').where('hex_code', '<>', NO_COLOUR_HEX).execute();
      else await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
    await resetIdCounters(trx, SHOP_TABLES);
  });
}

/** The demo's size guides, one per category named (decision 232). */
export async function insertSizeGuides(
  db: DB,
  guides: ReadonlyArray<{
    categoryId: number;
    columns: readonly string[];
    rows: Array<{ sizeId: number; values: readonly string[] }>;
    note: string;
  }>,
): Promise<void> {
  if (guides.length === 0) return;
  await db
    .insertInto('size_guides')
    .values(
      guides.map((g) => ({
        category_id: g.categoryId,
        columns_json: JSON.stringify(g.columns),
        rows_json: JSON.stringify(g.rows),
        note: g.note,
      })),
    )
    .execute();
}

/** Who is who among the demo people (the audit trail's demo rows name them). */
export async function userIdByEmail(db: DB, email: string): Promise<number> {
  return (await db.selectFrom('users').select('user_id').where('email', '=', email).executeTakeFirstOrThrow()).user_id;
}

export async function productPrice(db: DB, productId: number): Promise<number> {
  return (
    await db.selectFrom('products').select('price_cents').where('product_id', '=', productId).executeTakeFirstOrThrow()
  ).price_cents;
}

/** Demo rows of the audit trail (decision 228): the screen has something to show on a fresh shop. */
export async function insertAuditRows(db: DB, rows: Array<Insertable<Database['audit_log']>>): Promise<void> {
  if (rows.length) await db.insertInto('audit_log').values(rows).execute();
}

/** The demo's waiting back-in-stock requests (decision 233). */
export async function insertBackInStockRequests(
  db: DB,
  rows: Array<Insertable<Database['back_in_stock_requests']>>,
): Promise<void> {
  if (rows.length) await db.insertInto('back_in_stock_requests').values(rows).execute();
}

/** The demo's waiting shoppers' addresses, confirmed (decision 239: only confirmed requests count and are e-mailed). */
export async function insertBackInStockAddresses(
  db: DB,
  rows: Array<Insertable<Database['back_in_stock_addresses']>>,
): Promise<void> {
  if (rows.length) await db.insertInto('back_in_stock_addresses').values(rows).execute();
}

/** An order's line ids, in order (the demo's return requests name them). */
export async function orderLineIds(db: DB, orderId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('order_details')
    .select('order_details_id')
    .where('order_id', '=', orderId)
    .orderBy('order_details_id')
    .execute();
  return rows.map((r) => r.order_details_id);
}

/** The demo's forgotten cart (decision 275): a consenting guest's saved lines, its reminder due at `dueAt`. */
export async function insertForgottenCart(
  trx: DB,
  cart: {
    email: string;
    keyHash: string;
    updatedAt: string;
    dueAt: string;
    lines: { variantId: number; quantity: number }[];
  },
): Promise<void> {
  const { followup_id } = await trx
    .insertInto('cart_followups')
    .values({
      guest_email: cart.email,
      guest_key_hash: cart.keyHash,
      updated_at: cart.updatedAt,
      due_at: cart.dueAt,
      reminders_sent: 0,
    })
    .returning('followup_id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('guest_cart_lines')
    .values(cart.lines.map((l) => ({ followup_id, variant_id: l.variantId, quantity: l.quantity })))
    .execute();
}
