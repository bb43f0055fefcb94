// Deterministic demo catalogue: both main categories, ~90 products with variants, events, drawn pictures,
// discounts and promo codes, countries, demo users, contact messages and a month of orders (docs/decisions/012).
// The same seed gives the same catalogue; dates are placed relative to today so discounts are live.
import { sql } from 'kysely';
import { shopToday } from '../../shared/dates';
import { applyPercent } from '../../shared/money';
import type { AppDeps } from '../deps';
import type { DB } from '../db/client';
import { hashPassword } from '../modules/accounts/passwords';
import { bumpCatalogVersion } from '../modules/catalog/catalog.service';
import { deleteImageFiles, duplicateImage, imageUrl, storeImage } from '../modules/media/media.service';
import {
  CATEGORIES, CITIES, COLORS, CONTACT_MESSAGES, COUNTRIES, EVENTS, LETTER_SIZES, ONE_SIZE, ORDER_NAMES, SHOE_SIZES, STREETS,
} from './demo-data';
import { productArt, type ArtType } from './product-art';

export const DEMO_USERS = [
  { label: 'Administrator', email: 'admin@butiku.shop', password: 'Admin#2026', roleID: 3, firstName: 'Arta', lastName: 'Krasniqi' },
  { label: 'Staf', email: 'staf@butiku.shop', password: 'Staf#2026', roleID: 2, firstName: 'Blerim', lastName: 'Gashi' },
  { label: 'Klient', email: 'klient@butiku.shop', password: 'Klient#2026', roleID: 1, firstName: 'Drita', lastName: 'Berisha' },
] as const;

export const DEMO_SEED = 20260101;
export const DEMO_PROMO_CODE = 'MIRESEVINI10';
export const DEMO_EXPIRED_PROMO_CODE = 'VERA2025';

/** mulberry32: a small, fast, seedable PRNG, so every run draws the same catalogue. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Runs tasks with at most `limit` in flight (sharp work on a 2-core machine). */
async function pool<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

interface PlannedProduct {
  categoryIndex: number;
  name: string;
  brand: string;
  description: string;
  priceCents: number;
  dateAdded: string;
  featured: boolean;
  soldOut: boolean;
  colors: number[]; // indexes into COLORS
  sizes: string[];
  views: number;
  events: string[];
  art: ArtType;
}

export function planCatalogue(rand: () => number, today: string): PlannedProduct[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const sample = <T>(list: readonly T[], n: number) => {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(rand() * copy.length), 1)[0]!);
    return out;
  };
  const plans: PlannedProduct[] = [];
  CATEGORIES.forEach((cat, categoryIndex) => {
    cat.items.forEach(([name, price], i) => {
      const beauty = cat.main === 2;
      const colourCount = beauty ? 1 + Math.floor(rand() * 2) : 2 + Math.floor(rand() * 2);
      const colors = sample(cat.palette, colourCount).map((n) => COLORS.findIndex((c) => c.name === n));
      let sizes: string[];
      if (cat.sizes === 'letters') {
        const from = Math.floor(rand() * 2);
        sizes = LETTER_SIZES.slice(from, from + 4 + Math.floor(rand() * 2));
      } else if (cat.sizes === 'shoes') {
        const from = Math.floor(rand() * 2);
        sizes = SHOE_SIZES.slice(from, from + 5 + Math.floor(rand() * 2));
      } else sizes = [ONE_SIZE];
      const lines = sample(cat.lines, 3);
      plans.push({
        categoryIndex,
        name,
        brand: pick(cat.brands),
        description: lines.join(' '),
        priceCents: Math.round(price * 100),
        dateAdded: addDays(today, -Math.floor(rand() * 120)),
        featured: i === 0 || rand() < 0.12,
        soldOut: i === 4 && categoryIndex % 3 === 0,
        colors,
        sizes,
        views: beauty ? 2 + Math.floor(rand() * 2) : 3 + Math.floor(rand() * 2),
        events: sample(cat.events, Math.floor(rand() * 3)),
        art: cat.art,
      });
    });
  });
  return plans;
}

async function tableCount(db: DB, table: 'products' | 'orders' | 'users'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function seedDemo(deps: AppDeps, opts: { seed?: number; today?: string } = {}): Promise<string> {
  const { db } = deps;
  const rand = prng(opts.seed ?? DEMO_SEED);
  const today = opts.today ?? shopToday();
  const plans = planCatalogue(rand, today);

  // 1. Pictures: render every (type, colour, view) once through storeImage, then give each product its own
  //    names for them (hard links), so deleting one product's picture never touches another's.
  const renderKeys = new Set<string>();
  for (const p of plans) for (const c of p.colors) for (let v = 0; v < p.views; v++) renderKeys.add(`${p.art}|${c}|${v}`);
  const rendered = new Map<string, string>();
  await pool([...renderKeys], 3, async (key) => {
    const [art, c, v] = key.split('|');
    const svg = productArt(art as ArtType, COLORS[Number(c)]!.hex, Number(v));
    rendered.set(key, (await storeImage(deps, Buffer.from(svg))).fileName);
  });
  const usedOnce = new Set<string>();
  const fileFor = async (key: string) => {
    const original = rendered.get(key)!;
    if (!usedOnce.has(key)) {
      usedOnce.add(key);
      return original;
    }
    return (await duplicateImage(deps, original)).fileName;
  };
  const imagePlan: Array<{ planIndex: number; color: number; view: number; fileName: string }> = [];
  for (const [planIndex, p] of plans.entries()) {
    for (const c of p.colors) for (let v = 0; v < p.views; v++) imagePlan.push({ planIndex, color: c, view: v, fileName: await fileFor(`${p.art}|${c}|${v}`) });
  }

  const passwordHashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));

  const summary = await db.transaction().execute(async (trx) => {
    // 2. Reference data.
    const categoryIds: number[] = [];
    for (const cat of CATEGORIES) {
      const row = await trx.insertInto('categories').values({ category_name: cat.name, description: cat.description, main_category_id: cat.main }).returning('category_id').executeTakeFirstOrThrow();
      categoryIds.push(row.category_id);
    }
    const colorIds = (await trx.insertInto('colors').values(COLORS.map((c) => ({ color_name: c.name, hex_code: c.hex }))).returning('color_id').execute()).map((r) => r.color_id);
    const sizeNames = [...LETTER_SIZES, ...SHOE_SIZES, ONE_SIZE];
    const sizeRows = await trx.insertInto('sizes').values(sizeNames.map((n) => ({ size_name: n }))).returning(['size_id', 'size_name']).execute();
    const sizeId = new Map(sizeRows.map((r) => [r.size_name, r.size_id]));
    const eventRows = await trx.insertInto('events').values(EVENTS.map((n) => ({ event_name: n }))).returning(['event_id', 'event_name']).execute();
    const eventId = new Map(eventRows.map((r) => [r.event_name, r.event_id]));
    const countryRows = await trx.insertInto('countries').values(COUNTRIES.map((c) => ({ country_name: c.name, shipping_price_cents: c.cents }))).returning(['country_id', 'country_name', 'shipping_price_cents']).execute();

    // 3. Products, variants, events, pictures.
    const productIds: number[] = [];
    const variants: Array<{ variantId: number; planIndex: number; color: number; size: string; stock: number }> = [];
    for (const [planIndex, p] of plans.entries()) {
      const row = await trx
        .insertInto('products')
        .values({
          name: p.name,
          barcode: `3800${String(100000 + planIndex * 7919).slice(-6)}${planIndex % 10}`,
          brand: p.brand,
          description: p.description,
          category_id: categoryIds[p.categoryIndex]!,
          price_cents: p.priceCents,
          is_featured: p.featured ? 1 : 0,
          is_active: 1,
          date_added: p.dateAdded,
        })
        .returning('product_id')
        .executeTakeFirstOrThrow();
      productIds.push(row.product_id);
      const values = p.colors.flatMap((c) =>
        p.sizes.map((s) => ({ product_id: row.product_id, size_id: sizeId.get(s)!, color_id: colorIds[c]!, stock_quantity: p.soldOut ? 0 : rand() < 0.15 ? 0 : 1 + Math.floor(rand() * 14) })),
      );
      const inserted = await trx.insertInto('product_variants').values(values).returning(['variant_id', 'color_id', 'size_id', 'stock_quantity']).execute();
      for (const v of inserted) {
        variants.push({ variantId: v.variant_id, planIndex, color: colorIds.indexOf(v.color_id), size: sizeRows.find((s) => s.size_id === v.size_id)!.size_name, stock: v.stock_quantity });
      }
      if (p.events.length) await trx.insertInto('product_events').values(p.events.map((e) => ({ product_id: row.product_id, event_id: eventId.get(e)! }))).execute();
    }
    const imageValues = imagePlan.map((i) => ({ product_id: productIds[i.planIndex]!, color_id: colorIds[i.color]!, file_name: i.fileName, sort_order: i.view }));
    for (let i = 0; i < imageValues.length; i += 200) await trx.insertInto('product_images').values(imageValues.slice(i, i + 200)).execute();

    // 4. Discounts: two live product discounts (overlapping on a few products: the better one wins), one expired.
    const discountable = productIds.filter((_, i) => !plans[i]!.soldOut);
    const live20 = discountable.filter((_, i) => i % 7 === 3);
    const live30 = discountable.filter((_, i) => i % 11 === 5);
    const expired = discountable.filter((_, i) => i % 13 === 8);
    const discounts: Array<[number, string, string, number[]]> = [
      [20, addDays(today, -5), addDays(today, 10), live20],
      [30, addDays(today, -2), addDays(today, 5), live30],
      [15, addDays(today, -60), addDays(today, -30), expired],
    ];
    const livePercent = new Map<number, number>();
    for (const [pct, start, end, ids] of discounts) {
      const d = await trx.insertInto('product_discounts').values({ discount_percentage: pct, start_date: start, end_date: end }).returning('product_discount_id').executeTakeFirstOrThrow();
      await trx.insertInto('product_discount_products').values(ids.map((id) => ({ product_discount_id: d.product_discount_id, product_id: id }))).execute();
      if (start <= today && today <= end) for (const id of ids) livePercent.set(id, Math.max(livePercent.get(id) ?? 0, pct));
    }
    const welcome = await trx
      .insertInto('promo_codes')
      .values({ code_name: DEMO_PROMO_CODE, discount_percentage: 10, start_date: addDays(today, -7), end_date: addDays(today, 365) })
      .returning('promo_code_discount_id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('promo_code_products').values(productIds.map((id) => ({ promo_code_discount_id: welcome.promo_code_discount_id, product_id: id }))).execute();
    const summer = await trx
      .insertInto('promo_codes')
      .values({ code_name: DEMO_EXPIRED_PROMO_CODE, discount_percentage: 15, start_date: addDays(today, -120), end_date: addDays(today, -40) })
      .returning('promo_code_discount_id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('promo_code_products').values(productIds.slice(0, 20).map((id) => ({ promo_code_discount_id: summer.promo_code_discount_id, product_id: id }))).execute();

    // 5. People: demo users (log-in-able) and contact messages.
    const userIds: number[] = [];
    for (const [i, u] of DEMO_USERS.entries()) {
      const row = await trx
        .insertInto('users')
        .values({ first_name: u.firstName, last_name: u.lastName, email: u.email, phone_number: `+383 44 100 20${i}`, password_hash: passwordHashes[i]!, role_id: u.roleID })
        .returning('user_id')
        .executeTakeFirstOrThrow();
      userIds.push(row.user_id);
    }
    const customerId = userIds[DEMO_USERS.findIndex((u) => u.roleID === 1)]!;
    for (const [i, m] of CONTACT_MESSAGES.entries()) {
      const created = new Date(`${addDays(today, -(i * 3 + 1))}T${String(9 + i).padStart(2, '0')}:15:00Z`).toISOString();
      await trx.insertInto('contact_messages').values({ name: m.name, phone: m.phone, email: m.email, message: m.message, is_replied: m.replied ? 1 : 0, created_at: created }).execute();
    }

    // 6. Forty orders over the last 30 days: snapshot lines at the price of the day, optional promo, shipping.
    const firstImage = new Map<string, string>();
    for (const i of imagePlan) {
      const key = `${i.planIndex}|${i.color}`;
      if (!firstImage.has(key)) firstImage.set(key, imageUrl(i.fileName));
    }
    const orderable = variants.filter((v) => v.stock > 0);
    let orderCount = 0;
    for (let n = 0; n < 40; n++) {
      const daysAgo = Math.floor((n / 40) * 30);
      const day = addDays(today, -daysAgo);
      const hour = 8 + Math.floor(rand() * 13);
      // Never in the future: today's demo orders are clamped to minutes before the seed ran.
      const plannedMs = Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(Math.floor(rand() * 60)).padStart(2, '0')}:00Z`);
      const orderMs = Math.min(plannedMs, Date.now() - (n + 1) * 60_000);
      const orderDate = new Date(orderMs).toISOString();
      const countryIndex = rand() < 0.7 ? 0 : 1 + Math.floor(rand() * (countryRows.length - 1));
      const country = countryRows[countryIndex]!;
      const [city, zip] = CITIES[country.country_name]![Math.floor(rand() * CITIES[country.country_name]!.length)]!;
      const isCustomer = n % 6 === 0;
      const [first, last] = isCustomer ? [DEMO_USERS[2].firstName, DEMO_USERS[2].lastName] : ORDER_NAMES[Math.floor(rand() * ORDER_NAMES.length)]!;
      const lineCount = 1 + Math.floor(rand() * 3);
      const lines = new Map<number, { v: (typeof orderable)[number]; qty: number }>();
      for (let l = 0; l < lineCount; l++) {
        const v = orderable[Math.floor(rand() * orderable.length)]!;
        const existing = lines.get(v.variantId);
        if (existing) existing.qty += 1;
        else lines.set(v.variantId, { v, qty: 1 + (rand() < 0.2 ? 1 : 0) });
      }
      const details = [...lines.values()].map(({ v, qty }) => {
        const plan = plans[v.planIndex]!;
        const unit = applyPercent(plan.priceCents, livePercent.get(productIds[v.planIndex]!) ?? 0);
        return {
          variant_id: v.variantId,
          product_id: productIds[v.planIndex]!,
          product_name: plan.name,
          color: COLORS[v.color]!.name,
          size: v.size,
          image_url: firstImage.get(`${v.planIndex}|${v.color}`) ?? '',
          quantity: qty,
          unit_price_cents: unit,
          line_total_cents: unit * qty,
        };
      });
      const subtotal = details.reduce((s, d) => s + d.line_total_cents, 0);
      const promo = rand() < 0.25 && daysAgo <= 7;
      const discount = promo ? subtotal - applyPercent(subtotal, 10) : 0;
      const delivered = daysAgo > 4 ? rand() < 0.9 : rand() < 0.2;
      const order = await trx
        .insertInto('orders')
        .values({
          user_id: isCustomer ? customerId : null,
          guest_id: isCustomer ? null : `guest_${Math.floor(rand() * 36 ** 9).toString(36).padStart(9, '0')}`,
          order_date: orderDate,
          order_ship_date: delivered ? new Date(Math.min(orderMs + 2 * 86400000, Date.now())).toISOString() : null,
          status: delivered ? 'delivered' : 'pending',
          first_name: first,
          last_name: last,
          email: isCustomer ? DEMO_USERS[2].email : `${first}.${last}@example.com`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
          phone_number: `+383 4${4 + (n % 6)} ${String(100 + n * 7).slice(-3)} ${String(200 + n * 13).slice(-3)}`,
          address: `${STREETS[n % STREETS.length]} ${1 + (n % 40)}`,
          city,
          zip_code: zip,
          country_id: country.country_id,
          country_name: country.country_name,
          subtotal_cents: subtotal,
          discount_cents: discount,
          shipping_cost_cents: country.shipping_price_cents,
          total_cents: subtotal - discount + country.shipping_price_cents,
          promo_code_discount_id: promo ? welcome.promo_code_discount_id : null,
          promo_code: promo ? DEMO_PROMO_CODE : null,
          promo_percentage: promo ? 10 : null,
        })
        .returning('order_id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('order_details').values(details.map((d) => ({ ...d, order_id: order.order_id }))).execute();
      orderCount += 1;
    }

    return {
      products: productIds.length,
      categories: categoryIds.length,
      variants: variants.length,
      images: imageValues.length,
      featured: plans.filter((p) => p.featured).length,
      soldOut: plans.filter((p) => p.soldOut).length,
      orders: orderCount,
    };
  });
  bumpCatalogVersion();
  return `${summary.products} products in ${summary.categories} categories, ${summary.variants} variants, ${summary.images} pictures (${renderKeys.size} drawn), ${summary.featured} featured, ${summary.soldOut} sold out, ${summary.orders} orders, ${DEMO_USERS.length} demo users`;
}

/** Empties the catalogue, orders, discounts, carts, wishlists, messages and users (db:seed --force), and the uploads. */
export async function wipeShopData(deps: AppDeps): Promise<void> {
  const files = await deps.db.selectFrom('product_images').select('file_name').execute();
  await deps.db.transaction().execute(async (trx) => {
    for (const table of [
      'order_details', 'orders', 'cart_items', 'wishlist_items', 'promo_code_products', 'promo_codes', 'product_discount_products',
      'product_discounts', 'product_images', 'product_events', 'product_variants', 'products', 'categories', 'colors', 'sizes', 'events',
      'countries', 'contact_messages', 'refresh_tokens', 'social_accounts', 'users',
    ]) {
      await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
    }
    await sql`DELETE FROM sqlite_sequence WHERE name NOT IN ('roles', 'main_categories')`.execute(trx).catch(() => undefined);
  });
  bumpCatalogVersion();
  for (const f of files) await deleteImageFiles(deps, f.file_name);
}

export { tableCount };
