// Builds the scale shop of issue 38 into an empty database (migrated here): the seed's reference lists, SCALE_PRODUCTS
// products, SCALE_CUSTOMERS customers and SCALE_ORDERS orders over two years with their history, e-mails, reviews and
// returns. Deterministic for a seed (apart from the dates, which end now). `npm start` on the same database then
// serves it: the shop is not empty, so it is not seeded with the demo (seed/prepare.ts, needsDemoSeed).
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { openDatabase, openPostgres, type DB } from '#server/db/client';
import { migrateToLatest } from '#server/db/migrate';
import { shopToday } from '#shared/dates';
import { analyze, countRows, shopIsEmpty } from './build.queries';
import { buildCatalogue } from './catalogue';
import { drawer } from './names';
import { buildOrders } from './orders';
import { buildPeople } from './people';

export interface ScaleSize {
  products: number;
  orders: number;
  customers: number;
}

/**
 * Sent e-mails placed this many days ago or less keep their bodies (SCALE_MAIL_BODY_DAYS): about 5 KB each, three
 * mails for most orders, so 730 (every body, as a shop that never clears them) makes the full size ~2 GB bigger.
 */
export const DEFAULT_BODY_DAYS = 30;

export const FULL_SIZE: ScaleSize = { products: 10_000, orders: 200_000, customers: 50_000 };
export const CI_SIZE: ScaleSize = { products: 500, orders: 5_000, customers: 1_000 };

/** Where the shop goes: a PostgreSQL URL, or a SQLite file (and the uploads folder either way). */
export interface ScaleTarget {
  databaseUrl?: string;
  databasePath: string;
  uploadsDir: string;
}

export function openTarget(t: ScaleTarget): DB {
  return t.databaseUrl ? openPostgres(t.databaseUrl, { poolSize: 2 }) : openDatabase(t.databasePath);
}

/** The size from SCALE_PRODUCTS, SCALE_ORDERS and SCALE_CUSTOMERS over `base`. */
export function sizeFromEnv(env: NodeJS.ProcessEnv, base: ScaleSize): ScaleSize {
  const n = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const v = Number(raw.replace(/[_\s]/g, ''));
    if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a whole number of at least 1 (got "${raw}")`);
    return v;
  };
  return {
    products: n('SCALE_PRODUCTS', base.products),
    orders: n('SCALE_ORDERS', base.orders),
    customers: n('SCALE_CUSTOMERS', base.customers),
  };
}

export interface BuildSummary {
  seconds: number;
  counts: Record<string, number>;
  pictures: { rows: number; drawn: number };
  bytes: number | null;
}

const COUNTED = [
  'products',
  'product_variants',
  'product_images',
  'users',
  'orders',
  'order_details',
  'order_events',
  'mail_outbox',
  'product_reviews',
  'return_requests',
  'stock_changes',
] as const;

/** Fills the empty database at `target` with a shop of `size`; refuses one that already holds products or orders. */
export async function buildScaleShop(
  target: ScaleTarget,
  size: ScaleSize,
  opts: { seed?: number; bodyDays?: number; log?: (line: string) => void } = {},
): Promise<BuildSummary> {
  const started = performance.now();
  const log = (line: string) => opts.log?.(`${((performance.now() - started) / 1000).toFixed(1)} s  ${line}`);
  fs.mkdirSync(target.uploadsDir, { recursive: true });
  const db = openTarget(target);
  try {
    await migrateToLatest(db);
    if (!(await shopIsEmpty(db))) throw new Error('the database already holds products or orders: give an empty one');
    const d = drawer(opts.seed ?? 38);
    const nowMs = Date.now();
    const today = shopToday();
    const catalogue = await db
      .transaction()
      .execute((trx) => buildCatalogue(trx, d, size.products, { today, uploadsDir: target.uploadsDir }));
    log(`catalogue: ${catalogue.productIds.length} products, ${catalogue.variants.length} orderable variants`);
    const people = await db
      .transaction()
      .execute((trx) => buildPeople(trx, d, size.customers, { nowMs, ref: catalogue.ref }));
    log(`people: ${people.customers.length} customers`);
    let shown = 0;
    await buildOrders(db, d, catalogue, people, {
      count: size.orders,
      nowMs,
      today,
      bodyDays: opts.bodyDays ?? DEFAULT_BODY_DAYS,
      onProgress: (done) => {
        if (done - shown >= 50_000 || done === size.orders) log(`orders: ${(shown = done)}`);
      },
    });
    // PostgreSQL's autovacuum gathers statistics soon after a bulk load; a SQLite shop has none unless ANALYZE runs.
    if (target.databaseUrl) await analyze(db);
    const counts: Record<string, number> = {};
    for (const t of COUNTED) counts[t] = await countRows(db, t);
    return {
      seconds: (performance.now() - started) / 1000,
      counts,
      pictures: { rows: catalogue.images, drawn: catalogue.drawn },
      bytes: target.databaseUrl ? null : fileBytes(target.databasePath),
    };
  } finally {
    await db.destroy();
  }
}

/** The SQLite file with its WAL. */
function fileBytes(p: string): number {
  return [p, `${p}-wal`].reduce((s, f) => s + (fs.statSync(f, { throwIfNoEntry: false })?.size ?? 0), 0);
}
