// Deterministic demo catalogue: both main categories, ~90 products with variants, events, drawn pictures,
// discounts and promo codes, countries, demo users, contact messages and a month of orders (docs/decisions/012).
// The same seed gives the same catalogue; dates are placed relative to today so discounts are live.
import { seedDemoReviews } from './demo-reviews';
import { addDays, shopToday } from '#shared/dates';
import { applyPercent } from '#shared/money';
import type { AppDeps } from '../deps';
import type { DB } from '../db/client';
import { hashPassword } from '../modules/accounts';
import { bumpCatalogVersion, recordOpeningStock } from '../modules/catalog';
import { deleteImageFiles, duplicateImage, imageUrl } from '../modules/media';
import {
  CATEGORIES,
  CITIES,
  COLORS,
  CONTACT_MESSAGES,
  COUNTRIES,
  EVENTS,
  LETTER_SIZES,
  ONE_SIZE,
  ORDER_NAMES,
  SHOE_SIZES,
  SIZE_GUIDES,
  STREETS,
} from './demo-data';
import * as q from './demo.queries';
import { seedBackInStock } from './demo-back-in-stock';
import { drawGiftCardPictures, seedDemoGiftCards } from './demo-gift-cards';
import { seedDemoRefusals } from './demo-refusals';
import { seedForgottenCart } from './demo-forgotten-cart';
import { runCartReminders } from '../modules/cart';
import { seedDemoLooks } from './demo-looks';
import { seedDemoReturns } from './demo-returns';
import { productArt, type ArtType } from './product-art';
import { storeDemoPicture } from './picture-cache';

export const DEMO_USERS = [
  {
    label: 'Administrator',
    email: 'admin@butiku.shop',
    password: 'Admin#2026',
    roleID: 3,
    firstName: 'Arta',
    lastName: 'Krasniqi',
  },
  {
    label: 'Staf',
    email: 'staf@butiku.shop',
    password: 'Staf#2026',
    roleID: 2,
    firstName: 'Blerim',
    lastName: 'Gashi',
  },
  {
    label: 'Klient',
    email: 'klient@butiku.shop',
    password: 'Klient#2026',
    roleID: 1,
    firstName: 'Drita',
    lastName: 'Berisha',
  },
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
  /** Variants and pictures in "no colour" (decision 216); `colors` then holds the one tint its pictures are drawn in. */
  colourless: boolean;
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
      const drawn = sample(cat.palette, colourCount).map((n) => COLORS.findIndex((c) => c.name === n));
      const colors = cat.colourless ? drawn.slice(0, 1) : drawn;
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
        colourless: cat.colourless === true,
        sizes,
        views: beauty ? 2 + Math.floor(rand() * 2) : 3 + Math.floor(rand() * 2),
        events: sample(cat.events, Math.floor(rand() * 3)),
        art: cat.art,
      });
    });
  });
  return plans;
}

type Rand = () => number;
type Trx = DB;
type Plans = PlannedProduct[];
interface ImagePlanItem {
  planIndex: number;
  color: number;
  view: number;
  fileName: string;
}
interface SeededVariant {
  variantId: number;
  planIndex: number;
  color: number;
  size: string;
  stock: number;
}

/**
 * 1. Pictures: render every (type, colour, view) once (encoded once per machine: picture-cache.ts), then give each
 *    product its own names for them (hard links), so deleting one product's picture never touches another's.
 */
async function drawPictures(deps: AppDeps, plans: Plans): Promise<{ imagePlan: ImagePlanItem[]; drawn: number }> {
  const renderKeys = new Set<string>();
  for (const p of plans)
    for (const c of p.colors) for (let v = 0; v < p.views; v++) renderKeys.add(`${p.art}|${c}|${v}`);
  const rendered = new Map<string, string>();
  await pool([...renderKeys], 3, async (key) => {
    const [art, c, v] = key.split('|');
    rendered.set(key, await storeDemoPicture(deps, productArt(art as ArtType, COLORS[Number(c)]!.hex, Number(v))));
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
  const imagePlan: ImagePlanItem[] = [];
  for (const [planIndex, p] of plans.entries()) {
    for (const c of p.colors)
      for (let v = 0; v < p.views; v++)
        imagePlan.push({ planIndex, color: c, view: v, fileName: await fileFor(`${p.art}|${c}|${v}`) });
  }
  return { imagePlan, drawn: renderKeys.size };
}

type Reference = Awaited<ReturnType<typeof q.insertReferenceData>>;

/** 3. Products, variants, events, pictures. */
async function seedProducts(trx: Trx, rand: Rand, plans: Plans, ref: Reference, imagePlan: ImagePlanItem[]) {
  const sizeId = new Map(ref.sizeRows.map((r) => [r.size_name, r.size_id]));
  const colourId = (p: PlannedProduct, c: number) => (p.colourless ? ref.noColourId : ref.colorIds[c]!);
  const eventId = new Map(ref.eventRows.map((r) => [r.event_name, r.event_id]));
  const productIds: number[] = [];
  const variants: SeededVariant[] = [];
  for (const [planIndex, p] of plans.entries()) {
    const productId = await q.insertProduct(trx, {
      name: p.name,
      barcode: `3800${String(100000 + planIndex * 7919).slice(-6)}${planIndex % 10}`,
      brand: p.brand,
      description: p.description,
      category_id: ref.categoryIds[p.categoryIndex]!,
      price_cents: p.priceCents,
      is_featured: p.featured ? 1 : 0,
      is_active: 1,
      date_added: p.dateAdded,
    });
    productIds.push(productId);
    const values = p.colors.flatMap((c) =>
      p.sizes.map((s) => ({
        product_id: productId,
        size_id: sizeId.get(s)!,
        color_id: colourId(p, c),
        stock_quantity: p.soldOut ? 0 : rand() < 0.15 ? 0 : 1 + Math.floor(rand() * 14),
      })),
    );
    for (const v of await q.insertVariants(trx, values)) {
      variants.push({
        variantId: v.variant_id,
        planIndex,
        color: p.colourless ? p.colors[0]! : ref.colorIds.indexOf(v.color_id),
        size: ref.sizeRows.find((s) => s.size_id === v.size_id)!.size_name,
        stock: v.stock_quantity,
      });
    }
    await q.insertProductEvents(
      trx,
      productId,
      p.events.map((e) => eventId.get(e)!),
    );
  }
  const imageValues = imagePlan.map((i) => ({
    product_id: productIds[i.planIndex]!,
    color_id: colourId(plans[i.planIndex]!, i.color),
    file_name: i.fileName,
    sort_order: i.view,
  }));
  await q.insertImages(trx, imageValues);
  await recordOpeningStock(trx); // each variant's opening ledger row: sum of deltas == stock (decision 231)
  return { productIds, variants, images: imageValues.length };
}

/** 4. Discounts: two live product discounts (overlapping on a few products: the better one wins), one expired; two promo codes. */
async function seedDiscounts(trx: Trx, plans: Plans, productIds: number[], today: string) {
  const discountable = productIds.filter((_, i) => !plans[i]!.soldOut);
  const discounts: Array<[number, string, string, number[]]> = [
    [20, addDays(today, -5), addDays(today, 10), discountable.filter((_, i) => i % 7 === 3)],
    [30, addDays(today, -2), addDays(today, 5), discountable.filter((_, i) => i % 11 === 5)],
    [15, addDays(today, -60), addDays(today, -30), discountable.filter((_, i) => i % 13 === 8)],
  ];
  const livePercent = new Map<number, number>();
  for (const [pct, start, end, ids] of discounts) {
    await q.insertProductDiscount(trx, pct, start, end, ids);
    if (start <= today && today <= end)
      for (const id of ids) livePercent.set(id, Math.max(livePercent.get(id) ?? 0, pct));
  }
  const welcomeId = await q.insertPromo(trx, DEMO_PROMO_CODE, 10, addDays(today, -7), addDays(today, 365), productIds);
  await q.insertPromo(
    trx,
    DEMO_EXPIRED_PROMO_CODE,
    15,
    addDays(today, -120),
    addDays(today, -40),
    productIds.slice(0, 20),
  );
  return { livePercent, welcomeId };
}

/** 5. People: demo users (log-in-able) and contact messages. Returns the demo customer's and staff member's ids. */
async function seedPeople(
  trx: Trx,
  passwordHashes: string[],
  today: string,
): Promise<{ customerId: number; staffId: number }> {
  const userIds: number[] = [];
  for (const [i, u] of DEMO_USERS.entries()) {
    userIds.push(
      await q.insertUser(trx, {
        first_name: u.firstName,
        last_name: u.lastName,
        email: u.email,
        phone_number: `+3834410020${i}`, // E.164, as the shop stores phones (decision 246)
        password_hash: passwordHashes[i]!,
        role_id: u.roleID,
      }),
    );
  }
  for (const [i, m] of CONTACT_MESSAGES.entries()) {
    const created = new Date(`${addDays(today, -(i * 3 + 1))}T${String(9 + i).padStart(2, '0')}:15:00Z`).toISOString();
    await q.insertContactMessage(trx, {
      name: m.name,
      phone: m.phone,
      email: m.email,
      message: m.message,
      is_replied: m.replied ? 1 : 0,
      created_at: created,
    });
  }
  return {
    customerId: userIds[DEMO_USERS.findIndex((u) => u.roleID === 1)]!,
    staffId: userIds[DEMO_USERS.findIndex((u) => u.roleID === 2)]!,
  };
}

interface OrderWorld {
  rand: Rand;
  today: string;
  plans: Plans;
  productIds: number[];
  orderable: SeededVariant[];
  livePercent: Map<number, number>;
  firstImage: Map<string, string>;
  countryRows: Reference['countryRows'];
  customerId: number;
  welcomeId: number;
  /** The demo staff member who works the pending orders' stages. */
  staffId: number;
}

/** Snapshot lines at the price of the day for one to three random variants. */
function orderLines(w: OrderWorld) {
  const lineCount = 1 + Math.floor(w.rand() * 3);
  const lines = new Map<number, { v: SeededVariant; qty: number }>();
  for (let l = 0; l < lineCount; l++) {
    const v = w.orderable[Math.floor(w.rand() * w.orderable.length)]!;
    const existing = lines.get(v.variantId);
    if (existing) existing.qty += 1;
    else lines.set(v.variantId, { v, qty: 1 + (w.rand() < 0.2 ? 1 : 0) });
  }
  return [...lines.values()].map(({ v, qty }) => {
    const plan = w.plans[v.planIndex]!;
    const unit = applyPercent(plan.priceCents, w.livePercent.get(w.productIds[v.planIndex]!) ?? 0);
    return {
      variant_id: v.variantId,
      product_id: w.productIds[v.planIndex]!,
      product_name: plan.name,
      color: plan.colourless ? '' : COLORS[v.color]!.name,
      size: v.size,
      image_url: w.firstImage.get(`${v.planIndex}|${v.color}`) ?? '',
      quantity: qty,
      unit_price_cents: unit,
      line_total_cents: unit * qty,
    };
  });
}

/** The n-th of forty orders over the last 30 days: optional promo, the country's shipping, delivered or pending. */
async function seedOrder(trx: Trx, w: OrderWorld, n: number): Promise<void> {
  const daysAgo = Math.floor((n / 40) * 30);
  const hour = 8 + Math.floor(w.rand() * 13);
  // Never in the future: today's demo orders are clamped to minutes before the seed ran.
  const plannedMs = Date.parse(
    `${addDays(w.today, -daysAgo)}T${String(hour).padStart(2, '0')}:${String(Math.floor(w.rand() * 60)).padStart(2, '0')}:00Z`,
  );
  const orderMs = Math.min(plannedMs, Date.now() - (n + 1) * 60_000);
  const country = w.countryRows[w.rand() < 0.7 ? 0 : 1 + Math.floor(w.rand() * (w.countryRows.length - 1))]!;
  const cities = CITIES[country.country_name]!;
  const [city, zip] = cities[Math.floor(w.rand() * cities.length)]!;
  const isCustomer = n % 6 === 0;
  const [first, last] = isCustomer
    ? [DEMO_USERS[2].firstName, DEMO_USERS[2].lastName]
    : ORDER_NAMES[Math.floor(w.rand() * ORDER_NAMES.length)]!;
  const details = orderLines(w);
  const subtotal = details.reduce((s, d) => s + d.line_total_cents, 0);
  const promo = w.rand() < 0.25 && daysAgo <= 7;
  const discount = promo ? subtotal - applyPercent(subtotal, 10) : 0;
  const delivered = daysAgo > 4 ? w.rand() < 0.9 : w.rand() < 0.2;
  const order = {
    user_id: isCustomer ? w.customerId : null,
    guest_id: isCustomer
      ? null
      : `guest_${Math.floor(w.rand() * 36 ** 9)
          .toString(36)
          .padStart(9, '0')}`,
    order_date: new Date(orderMs).toISOString(),
    order_ship_date: delivered ? new Date(Math.min(orderMs + 2 * 86400000, Date.now())).toISOString() : null,
    status: delivered ? ('delivered' as const) : ('pending' as const),
    first_name: first,
    last_name: last,
    email: isCustomer
      ? DEMO_USERS[2].email
      : `${first}.${last}@example.com`
          .toLowerCase()
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, ''),
    phone_number: `+3834${4 + (n % 6)}${String(100 + n * 7).slice(-3)}${String(200 + n * 13).slice(-3)}`, // E.164
    address: `${STREETS[n % STREETS.length]} ${1 + (n % 40)}`,
    city,
    zip_code: zip,
    country_id: country.country_id,
    country_name: country.country_name,
    subtotal_cents: subtotal,
    discount_cents: discount,
    shipping_cost_cents: country.shipping_price_cents,
    total_cents: subtotal - discount + country.shipping_price_cents,
    promo_code_discount_id: promo ? w.welcomeId : null,
    promo_code: promo ? DEMO_PROMO_CODE : null,
    promo_percentage: promo ? 10 : null,
    ...(delivered ? {} : demoStage(n, orderMs, w.staffId)),
  };
  const orderId = await q.insertOrder(trx, order, details);
  if (!delivered) await seedStageHistory(trx, orderId, n, orderMs, w.staffId);
}

/** What the demo's return requests need beside the orders' world (decision 235). */
const returnsWorld = (ref: Reference, customerId: number) => ({
  colourName: (c: number) => COLORS[c]!.name,
  country: ref.countryRows[0]!,
  customer: { userId: customerId, ...DEMO_USERS[2] },
});

/** The demo couriers: one with a tracking page, one without (decision 229). */
const DEMO_COURIERS = [
  { name: 'Postë Ekspres', tracking_url_pattern: 'https://postaekspres.example/gjurmo?nr={tracking}' },
  { name: 'Korrieri i Qytetit', tracking_url_pattern: null },
];

/** Pending demo orders spread over the stages by their number (no random draw: the rest of the demo stays as it was). */
const stageOfDemo = (n: number) => (['new', 'no_answer', 'confirmed', 'packed', 'shipped'] as const)[n % 5]!;
const minutesAfter = (ms: number, minutes: number) =>
  new Date(Math.min(ms + minutes * 60_000, Date.now())).toISOString();

function demoStage(n: number, orderMs: number, staffId: number) {
  const stage = stageOfDemo(n);
  if (stage === 'new') return {};
  if (stage === 'no_answer') return { call_attempts: 1 };
  const confirmed = { confirmed_at: minutesAfter(orderMs, 30), confirmed_by_user_id: staffId };
  if (stage === 'confirmed') return { stage, ...confirmed };
  if (stage === 'packed') return { stage, ...confirmed };
  const tracking = `PE${String(40000 + n * 37)}`;
  return {
    stage,
    ...confirmed,
    shipped_at: minutesAfter(orderMs, 120),
    courier_name: DEMO_COURIERS[0]!.name,
    tracking_number: tracking,
    tracking_url: DEMO_COURIERS[0]!.tracking_url_pattern!.replace('{tracking}', tracking),
  };
}

async function seedStageHistory(trx: Trx, orderId: number, n: number, orderMs: number, staffId: number) {
  const stage = stageOfDemo(n);
  const steps = (['no_answer', 'confirmed', 'packed', 'shipped'] as const).slice(
    stage === 'no_answer' ? 0 : 1,
    { new: 0, no_answer: 1, confirmed: 2, packed: 3, shipped: 4 }[stage],
  );
  const events = steps.map((state, i) => ({
    order_id: orderId,
    state,
    at: minutesAfter(orderMs, 30 + i * 45),
    user_id: staffId,
    detail: state === 'shipped' ? `${DEMO_COURIERS[0]!.name} PE${String(40000 + n * 37)}` : null,
  }));
  const notes =
    stage === 'confirmed'
      ? [
          {
            order_id: orderId,
            user_id: staffId,
            body: 'Klientja kërkon dorëzim pas orës 17.',
            at: minutesAfter(orderMs, 31),
          },
        ]
      : [];
  await q.insertOrderHistory(trx, events, notes);
}

function firstImages(imagePlan: ImagePlanItem[]): Map<string, string> {
  const firstImage = new Map<string, string>();
  for (const i of imagePlan) {
    const key = `${i.planIndex}|${i.color}`;
    if (!firstImage.has(key)) firstImage.set(key, imageUrl(i.fileName));
  }
  return firstImage;
}

/** The demo's size guides with the ids the reference data got. */
function sizeGuidesOf(ref: { categoryIds: number[]; sizeRows: Array<{ size_id: number; size_name: string }> }) {
  const sizeId = new Map(ref.sizeRows.map((r) => [r.size_name, r.size_id]));
  return SIZE_GUIDES.map((g) => ({
    categoryId: ref.categoryIds[CATEGORIES.findIndex((c) => c.name === g.category)]!,
    columns: g.columns,
    rows: Object.entries(g.values).map(([size, values]) => ({ sizeId: sizeId.get(size)!, values })),
    note: g.note,
  }));
}

/** A few rows of the audit trail (decision 228): staff lowered a price yesterday, the administrator set a stock today. */
async function seedAuditTrail(trx: Trx, productIds: number[], today: string): Promise<void> {
  const [admin, staff] = [
    await q.userIdByEmail(trx, DEMO_USERS[0].email),
    await q.userIdByEmail(trx, DEMO_USERS[1].email),
  ];
  const [first, second] = [productIds[0]!, productIds[1]!];
  const price = await q.productPrice(trx, first);
  const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:20:00Z`).toISOString();
  const row = (actor: number, created: string, entityId: number, changes: object) => ({
    created_at: created,
    actor_id: actor,
    ip: '192.0.2.10',
    entity: 'product',
    entity_id: entityId,
    action: 'update',
    changes: JSON.stringify(changes),
  });
  await q.insertAuditRows(trx, [
    row(staff, at(addDays(today, -1), 9), first, { price_cents: [price + 500, price] }),
    row(admin, at(today, 8), second, { 'stock[M / E zezë]': [2, 6] }),
  ]);
}

export async function seedDemo(deps: AppDeps, opts: { seed?: number; today?: string } = {}): Promise<string> {
  const rand = prng(opts.seed ?? DEMO_SEED);
  const today = opts.today ?? shopToday();
  const plans = planCatalogue(rand, today);
  const { imagePlan, drawn } = await drawPictures(deps, plans);
  const giftPictures = await drawGiftCardPictures(deps);
  const passwordHashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));

  const summary = await deps.db.transaction().execute(async (trx) => {
    // 2. Reference data.
    const ref = await q.insertReferenceData(trx, {
      categories: CATEGORIES,
      colors: COLORS,
      sizeNames: [...LETTER_SIZES, ...SHOE_SIZES, ONE_SIZE],
      events: EVENTS,
      countries: COUNTRIES,
    });
    await q.insertSizeGuides(trx, sizeGuidesOf(ref));
    const { productIds, variants, images } = await seedProducts(trx, rand, plans, ref, imagePlan);
    const { livePercent, welcomeId } = await seedDiscounts(trx, plans, productIds, today);
    const { customerId, staffId } = await seedPeople(trx, passwordHashes, today);
    await q.insertCouriers(trx, DEMO_COURIERS);
    // 6. Forty orders over the last 30 days.
    const world: OrderWorld = {
      rand,
      today,
      plans,
      productIds,
      livePercent,
      welcomeId,
      customerId,
      staffId,
      countryRows: ref.countryRows,
      orderable: variants.filter((v) => v.stock > 0),
      firstImage: firstImages(imagePlan),
    };
    for (let n = 0; n < 40; n++) await seedOrder(trx, world, n);
    // The welcome code's use counter counts its orders, as checkout's claim would have (issue 35: the card agreed
    // with nothing when the demo's orders carried the code but the counter stayed at 0).
    await q.countPromoUses(trx, welcomeId);
    await seedDemoReturns(trx, { ...world, ...returnsWorld(ref, customerId) });
    await seedAuditTrail(trx, productIds, today);
    await seedBackInStock(trx, variants, plans, today);
    await seedDemoReviews(trx);
    await seedDemoRefusals(trx, { ...world, ...returnsWorld(ref, customerId) });
    await seedDemoGiftCards(trx, deps.config, { ...ref, today, pictures: giftPictures });
    await seedForgottenCart(trx, world.orderable);
    await seedDemoLooks(trx, plans, productIds, today);
    return {
      products: productIds.length,
      categories: ref.categoryIds.length,
      variants: variants.length,
      images,
      orders: 40,
    };
  });
  bumpCatalogVersion();
  // The forgotten cart's reminder, queued by the job itself (decision 275): it sits in the outbox after `npm start`.
  await runCartReminders(deps, new Date(), { anyHour: true });
  const featured = plans.filter((p) => p.featured).length;
  const soldOut = plans.filter((p) => p.soldOut).length;
  return `${summary.products} products in ${summary.categories} categories, ${summary.variants} variants, ${summary.images} pictures (${drawn} drawn), ${featured} featured, ${soldOut} sold out, ${summary.orders} orders, ${DEMO_USERS.length} demo users`;
}

/** Empties the catalogue, orders, discounts, carts, wishlists, messages and users (db:seed --force), and the uploads. */
export async function wipeShopData(deps: AppDeps): Promise<void> {
  const files = await q.imageFileNames(deps.db);
  await q.deleteShopRows(deps.db);
  bumpCatalogVersion();
  for (const f of files) await deleteImageFiles(deps, f);
}

export const tableCount = q.tableCount;
