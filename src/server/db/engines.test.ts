// The same demo shop on SQLite and on PostgreSQL answers with identical DTOs (decision 140): money in integer
// cents turned into the same euros, dates as the same ISO text, booleans as booleans, nested JSON the same.
// Runs under `npm run test:pg` (it needs both engines); `npm test` has no PostgreSQL server and skips it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import type { AppDeps } from '../deps';
import { seedDemo } from '../seed/demo';
import { createTestDeps, TEST_ENGINE } from '../testing/db';
import { engineOf } from './dialect';

// Every time the seed and the reads look at (order dates clamped to "now", today's discount windows) is frozen,
// so both shops are built from exactly the same instant. Only Date is faked: timers and I/O run normally.
const FROZEN = new Date('2026-11-20T10:00:00.000Z');

type Shop = { deps: AppDeps; app: ReturnType<typeof createApp>; token: string };
let sqlite: Shop;
let postgres: Shop;

async function shop(engine: 'sqlite' | 'default'): Promise<Shop> {
  const deps = await createTestDeps({}, engine);
  await seedDemo(deps);
  const app = createApp(deps);
  const login = await app.request('/api/users/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@butiku.shop', password: 'Admin#2026' }),
  });
  expect(login.status).toBe(200);
  const body = (await login.json()) as { token?: string; accessToken?: string };
  return { deps, app, token: String(body.token ?? body.accessToken) };
}

/**
 * Picture files get random names when they are written, so the two shops name the same picture differently:
 * each name is replaced by the order in which it first appears, which is the same in both answers.
 */
function canonical(text: string): string {
  const names = new Map<string, string>();
  return text.replace(/[0-9a-f]{24}\.webp/g, (n) => {
    if (!names.has(n)) names.set(n, `picture-${names.size + 1}`);
    return names.get(n)!;
  });
}

/**
 * `createdAt` of rows the seed leaves to the column default comes from each database server's own clock (the
 * frozen Date of this test cannot reach it): its shape must be the same ISO text with milliseconds, the instant
 * may differ.
 */
function withoutDatabaseClock(text: string): string {
  return text.replace(/"createdAt":"([^"]*)"/g, (_, v: string) => {
    expect(v).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    return '"createdAt":"(database clock)"';
  });
}

/** Answers holding such a default (the demo users' createdAt). */
const DATABASE_CLOCK = new Set(['/api/Users']);

const PATHS = [
  '/api/Product',
  '/api/Product/homepage',
  '/api/Product/filters?mainCategoryID=1',
  '/api/Product/filters?mainCategoryID=1&sort=price-desc&page=2',
  '/api/Product/filters?mainCategoryID=2&colorID=1&colorID=2',
  '/api/Product/1',
  '/api/Product/7',
  '/api/Product/related?categoryId=1&currentProductId=1&brand=Vichy',
  '/api/Product/color/filtered?minProductCount=1',
  '/api/Category',
  '/api/Category/filter?mainCategoryID=1',
  '/api/MainCategories',
  '/api/Color',
  '/api/Color/color/with-count',
  '/api/Size',
  '/api/Event',
  '/api/Countries',
  '/api/countries',
  '/api/ProductDiscount',
  '/api/Promo',
  '/api/Orders',
  '/api/Orders?page=2&pageSize=10',
  '/api/Orders?page=3&pageSize=7&q=a',
  '/api/Orders/1',
  '/api/Orders/40',
  '/api/Overview',
  '/api/Users',
  '/api/Contact',
];

describe.runIf(TEST_ENGINE === 'postgres')('the same data on SQLite and PostgreSQL', () => {
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(FROZEN);
    sqlite = await shop('sqlite');
    postgres = await shop('default');
  }, 180_000);

  afterAll(async () => {
    vi.useRealTimers();
    await sqlite?.deps.db.destroy();
    await postgres?.deps.db.destroy();
  });

  it('really runs one shop on each engine', () => {
    expect(engineOf(sqlite.deps.db)).toBe('sqlite');
    expect(engineOf(postgres.deps.db)).toBe('postgres');
  });

  it.each(PATHS)('GET %s answers the same', async (path) => {
    const get = (s: Shop) => s.app.request(path, { headers: { authorization: `Bearer ${s.token}` } });
    const [a, b] = [await get(sqlite), await get(postgres)];
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    const clean = (text: string) =>
      DATABASE_CLOCK.has(path) ? withoutDatabaseClock(canonical(text)) : canonical(text);
    const [ta, tb] = [clean(await a.text()), clean(await b.text())];
    expect(ta.length).toBeGreaterThan(2);
    expect(JSON.parse(tb)).toEqual(JSON.parse(ta));
  });

  it('keeps money, dates and booleans in the shapes the API promises', async () => {
    const get = async (path: string) =>
      (await postgres.app.request(path, { headers: { authorization: `Bearer ${postgres.token}` } })).json();
    const products = (await get('/api/Product')) as Array<Record<string, unknown>>;
    expect(products.length).toBeGreaterThan(50);
    for (const p of products) {
      expect(typeof p.isActive).toBe('boolean');
      expect(typeof p.isFeatured).toBe('boolean');
      expect(typeof p.price).toBe('number');
      expect(Number((p.price as number).toFixed(2))).toBe(p.price); // whole cents
    }
    const order = JSON.stringify(await get('/api/Orders/1'));
    expect(order).toMatch(/"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"/);
    expect(order).not.toMatch(/"(total|subtotal)\w*":"/i);
  });
});
