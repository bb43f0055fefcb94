// The stock ledger (issue 27, decision 231) on the real database (SQLite, and PostgreSQL under test:pg): one
// function writes the stock column (a scan of src/server proves no other code does), every change writes one
// ledger row in the same transaction, and after a mixed run of checkouts, cancels, returns, an order's deletion,
// staff edits, a CSV import and a stock count, each variant's deltas sum to its stock. Concurrent checkouts never
// take stock below zero; a stock count writes only differences; low stock is paged below the thresholds; the daily
// digest is queued once per shop day to SHOP_EMAIL, and not at all when nothing is low.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STAFF } from '#shared/roles';
import { createUser } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCountry, createProduct } from '#server/testing/factories';
import { inRequestContext } from '#server/testing/request-context';
import * as checkout from '../checkout';
import { createLogger } from '#server/log';
import { runLowStockDigest, scheduleLowStockDigest } from './admin/stock/low-stock-digest';
import * as stockAdmin from './admin/stock/stock-admin.service';
import { changeStock } from './stock';

// Staff writes called directly run in a request context, as a door runs them (their audit rows, decision 228).
const { placeManualOrder } = inRequestContext(checkout);
const { lowStockPage, setShopThreshold, setVariantThreshold, submitStockCount } = inRequestContext(stockAdmin);

let t: TestApp;
let staff: { token: string; userId: number };
let countryId: number;

beforeAll(async () => {
  t = await createTestApp({
    mail: { from: 'Butiku <porosi@butiku.shop>', shopEmail: 'stoku@butiku.test', maxAttempts: 8, retryBaseMs: 30_000 },
  });
  staff = await createUser(t, { roleID: ROLE_STAFF, firstName: 'Mira', lastName: 'Gashi' });
  countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
});

const stockOf = async (variantId: number) =>
  (
    await t.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('variant_id', '=', variantId)
      .executeTakeFirstOrThrow()
  ).stock_quantity;

/** Every variant whose ledger does not sum to its stock (empty when the invariant holds). */
async function ledgerMismatches() {
  const variants = await t.db.selectFrom('product_variants').select(['variant_id', 'stock_quantity']).execute();
  const sums = await t.db
    .selectFrom('stock_changes')
    .select(['variant_id', (eb) => eb.fn.sum<number>('delta').as('total')])
    .groupBy('variant_id')
    .execute();
  const byId = new Map(sums.map((s) => [s.variant_id, Number(s.total)]));
  return variants
    .filter((v) => (byId.get(v.variant_id) ?? 0) !== v.stock_quantity)
    .map((v) => ({ variantId: v.variant_id, stock: v.stock_quantity, ledger: byId.get(v.variant_id) ?? 0 }));
}

const order = (items: Array<[number, number]>) =>
  placeManualOrder(
    t,
    { userId: staff.userId, roleID: ROLE_STAFF },
    {
      customerDetails: {
        email: 'blerta@example.com',
        firstName: 'Blerta',
        lastName: 'Hoxha',
        address: 'Rruga D 4',
        city: 'Prizren',
        zipCode: '20000',
        phoneNumber: '+38344555666',
        countryID: countryId,
        guestId: 'guest_ledger01',
      },
      cartItems: items.map(([productVariantId, quantity]) => ({ productVariantId, quantity })),
    },
  );

describe('one function writes the stock column', () => {
  it('no file in src/server but stock-ledger.queries.ts updates or inserts stock_quantity', () => {
    const root = path.resolve(__dirname, '../..');
    const allowed = new Set([
      'modules/catalog/stock-ledger.queries.ts',
      // The demo seed and the test factories insert variants with stock, then write their opening ledger rows.
      'seed/demo.queries.ts',
      'testing/factories/catalog.ts',
    ]);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
          const rel = path.relative(root, full).split(path.sep).join('/');
          if (allowed.has(rel)) continue;
          const src = fs.readFileSync(full, 'utf8');
          // A Kysely write on product_variants up to its execute, or raw SQL setting the column.
          const writes = src.match(/(?:updateTable|insertInto)\(\s*'product_variants'[\s\S]*?\.execute/g) ?? [];
          if (writes.some((w) => w.includes('stock_quantity')) || /set\s+stock_quantity\s*=/i.test(src))
            offenders.push(rel);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

describe('the ledger sums to the stock after a mixed run', () => {
  it('checkouts, cancel, return, order delete, staff edits, CSV import and a stock count', async () => {
    const p = await createProduct(t.db, { barcode: 'LEDGER-1', variants: [{ stock: 9 }, { stock: 4 }] });
    const [v1, v2] = p.variantIds as [number, number];
    const cancelled = await order([[v1, 2]]);
    const returned = await order([
      [v1, 1],
      [v2, 1],
    ]);
    const deleted = await order([[v2, 2]]);
    await order([[v1, 1]]);
    const auth = { token: staff.token };
    expect((await t.request(`/api/Orders/${cancelled.orderId}/Cancel`, { method: 'PUT', ...auth })).status).toBe(200);
    expect((await t.request(`/api/Orders/UpdateStatus/${returned.orderId}`, { method: 'PUT', ...auth })).status).toBe(
      200,
    );
    expect((await t.request(`/api/Orders/${returned.orderId}/Return`, { method: 'PUT', ...auth })).status).toBe(200);
    expect((await t.request(`/api/Orders/${deleted.orderId}`, { method: 'DELETE', ...auth })).status).toBe(200);
    expect([await stockOf(v1), await stockOf(v2)]).toEqual([9 - 2 - 1 - 1 + 2 + 1, 4 - 1 - 2 + 1 + 2]);
    // A staff edit of the variants (one changed, one not) and a product created with variants.
    const sizes = await t.db
      .selectFrom('product_variants')
      .select(['variant_id', 'size_id', 'color_id'])
      .where('product_id', '=', p.productId)
      .execute();
    const edit = sizes.map((s) => ({
      variantID: s.variant_id,
      sizeID: s.size_id,
      colorID: s.color_id,
      stockQuantity: s.variant_id === v1 ? 12 : 4,
    }));
    expect(
      (await t.request(`/api/Product/${p.productId}/Variants`, { method: 'PUT', json: edit, ...auth })).status,
    ).toBe(200);
    expect(await stockOf(v1)).toBe(12);
    expect(await ledgerMismatches()).toEqual([]);
    // A stock count: v1 counted 10 (differs), v2 as it is.
    const counted = await submitStockCount(
      { db: t.db, actor: { userId: staff.userId, roleID: ROLE_STAFF } },
      {
        note: 'Numërimi i së hënës',
        counts: [
          { variantID: v1, counted: 10 },
          { variantID: v2, counted: await stockOf(v2) },
        ],
      },
    );
    expect(counted).toEqual({ adjusted: 1, unchanged: 1 });
    expect(await ledgerMismatches()).toEqual([]);

    const reasons = await t.db
      .selectFrom('stock_changes')
      .select(['reason', 'order_id', 'actor_id', 'stock_before', 'stock_after', 'note'])
      .where('variant_id', '=', v1)
      .orderBy('change_id')
      .execute();
    expect(reasons.map((r) => r.reason)).toEqual([
      'initial',
      'sale',
      'sale',
      'sale',
      'cancellation',
      'return',
      'staff_edit',
      'stock_count',
    ]);
    expect(reasons[1]).toMatchObject({
      order_id: cancelled.orderId,
      actor_id: staff.userId,
      stock_before: 9,
      stock_after: 7,
    });
    expect(reasons[7]).toMatchObject({
      stock_before: 12,
      stock_after: 10,
      note: 'Numërimi i së hënës',
      actor_id: staff.userId,
    });
    const v2Reasons = await t.db
      .selectFrom('stock_changes')
      .select(['reason', 'order_id'])
      .where('variant_id', '=', v2)
      .orderBy('change_id')
      .execute();
    expect(v2Reasons.at(-1)).toEqual({ reason: 'order_deleted', order_id: deleted.orderId });
  });

  it("staff's edit of a pending order's lines writes 'exchange' rows naming the order and who edited it", async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 6 }, { stock: 3 }] });
    const [a, b] = p.variantIds as [number, number];
    const placed = await order([[a, 2]]);
    const edited = await t.request(`/api/Orders/${placed.orderId}/Lines`, {
      method: 'PUT',
      token: staff.token,
      json: {
        lines: [
          { productVariantId: a, quantity: 1 },
          { productVariantId: b, quantity: 2 },
        ],
      },
    });
    expect(edited.status).toBe(200);
    expect([await stockOf(a), await stockOf(b)]).toEqual([5, 1]);
    const rows = await t.db
      .selectFrom('stock_changes')
      .select(['variant_id', 'reason', 'delta', 'stock_before', 'stock_after', 'actor_id', 'order_id'])
      .where('variant_id', 'in', [a, b])
      .where('reason', 'not in', ['initial', 'sale'])
      .orderBy('change_id')
      .execute();
    const row = (variant_id: number, delta: number, stock_before: number) => ({
      variant_id,
      reason: 'exchange',
      delta,
      stock_before,
      stock_after: stock_before + delta,
      actor_id: staff.userId,
      order_id: placed.orderId,
    });
    expect(rows).toEqual([row(a, 1, 4), row(b, -2, 3)]);
    expect(await ledgerMismatches()).toEqual([]);
  });

  it('a CSV import (new variants and changed stock) writes csv_import rows and keeps the sums', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 3 }] });
    const exported = await t.request('/api/Product/export.csv', { token: staff.token });
    const lines = (await exported.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const header = lines[0]!;
    const cols = header.split(',');
    const stockCol = cols.indexOf('stock');
    const mine = (
      await t.db
        .selectFrom('products')
        .select('barcode')
        .where('product_id', '=', p.productId)
        .executeTakeFirstOrThrow()
    ).barcode;
    const row = lines.find((l) => l.startsWith(`${mine},`))!.split(',');
    row[stockCol] = '7';
    const form = new FormData();
    form.append('file', new Blob([`${header}\n${row.join(',')}\n`], { type: 'text/csv' }), 'produktet.csv');
    const r = await t.request('/api/Product/import', { method: 'POST', body: form, token: staff.token });
    expect(r.status, JSON.stringify(await r.clone().json())).toBe(200);
    expect(await stockOf(p.variantIds[0]!)).toBe(7);
    const last = await t.db
      .selectFrom('stock_changes')
      .select(['reason', 'delta', 'actor_id'])
      .where('variant_id', '=', p.variantIds[0]!)
      .orderBy('change_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ reason: 'csv_import', delta: 4, actor_id: staff.userId });
    expect(await ledgerMismatches()).toEqual([]);
  });
});

describe('guards', () => {
  it('concurrent checkouts of a variant with 5 units sell exactly 5 and never go below zero', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 5 }] });
    const v = p.variantIds[0]!;
    const results = await Promise.allSettled(Array.from({ length: 16 }, () => order([[v, 1]])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await stockOf(v)).toBe(0);
    const after = await t.db.selectFrom('stock_changes').select('stock_after').where('variant_id', '=', v).execute();
    expect(after.every((r) => r.stock_after >= 0)).toBe(true);
    expect(await ledgerMismatches()).toEqual([]);
  });

  it('a delta that asks for more than is there is refused and writes nothing', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 2 }] });
    const v = p.variantIds[0]!;
    const out = await t.db
      .transaction()
      .execute((trx) => changeStock(trx, { variantId: v, delta: -3, reason: 'sale' }));
    expect(out).toBeNull();
    expect(await stockOf(v)).toBe(2);
    expect(
      await t.db.selectFrom('stock_changes').select('change_id').where('variant_id', '=', v).execute(),
    ).toHaveLength(1);
  });

  it('a stock count writes only the differences, with the note, in one transaction', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 3 }, { stock: 6 }, { stock: 0 }] });
    const [a, b, c] = p.variantIds as [number, number, number];
    const before = await t.db.selectFrom('stock_changes').select('change_id').execute();
    const r = await submitStockCount(
      { db: t.db },
      {
        note: 'Rafti A',
        counts: [
          { variantID: a, counted: 3 },
          { variantID: b, counted: 4 },
          { variantID: c, counted: 2 },
        ],
      },
    );
    expect(r).toEqual({ adjusted: 2, unchanged: 1 });
    const rows = await t.db
      .selectFrom('stock_changes')
      .select(['variant_id', 'delta', 'reason', 'note'])
      .where(
        'change_id',
        'not in',
        before.map((x) => x.change_id),
      )
      .orderBy('variant_id')
      .execute();
    expect(rows).toEqual([
      { variant_id: b, delta: -2, reason: 'stock_count', note: 'Rafti A' },
      { variant_id: c, delta: 2, reason: 'stock_count', note: 'Rafti A' },
    ]);
    // An unknown variant refuses the whole count: nothing changes.
    await expect(
      submitStockCount(
        { db: t.db },
        {
          note: 'x',
          counts: [
            { variantID: a, counted: 9 },
            { variantID: 987654, counted: 1 },
          ],
        },
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await stockOf(a)).toBe(3);
  });
});

describe('low stock and the daily digest', () => {
  it('lists only variants below their threshold (own, else the shop default), paged, emptiest first', async () => {
    const low = await createProduct(t.db, {
      name: 'Pak mbetur',
      variants: [{ stock: 0 }, { stock: 1 }, { stock: 2 }, { stock: 8 }],
    });
    await setShopThreshold(t, { threshold: 2 });
    await setVariantThreshold(t, { variantID: low.variantIds[3]!, threshold: 9 });
    const all = await lowStockPage(t, { page: 1, pageSize: 100 });
    const mine = all.items.filter((i) => i.productID === low.productId);
    expect(mine.map((i) => i.stockQuantity)).toEqual([0, 1, 8]);
    expect(all.items.every((i) => i.stockQuantity < (i.lowStockThreshold ?? 2))).toBe(true);
    expect(all.shopThreshold).toBe(2);
    const page1 = await lowStockPage(t, { page: 1, pageSize: 2 });
    const page2 = await lowStockPage(t, { page: 2, pageSize: 2 });
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBe(all.total);
    expect([...page1.items, ...page2.items].map((i) => i.variantID)).toEqual(
      all.items.slice(0, 4).map((i) => i.variantID),
    );
  });

  it('queues one e-mail to SHOP_EMAIL per shop day, even with concurrent runs, and none when nothing is low', async () => {
    const at = new Date('2026-11-25T07:00:00Z'); // 08:00 in Prishtina
    const runs = await Promise.all([runLowStockDigest(t, at), runLowStockDigest(t, at)]);
    expect(runs.filter((r) => r.sent)).toHaveLength(1);
    expect(await runLowStockDigest(t, new Date('2026-11-25T20:00:00Z'))).toMatchObject({
      sent: false,
      why: 'already_sent',
    });
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'text_body'])
      .where('kind', '=', 'low_stock_digest')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe('stoku@butiku.test');
    expect(mails[0]!.subject).toMatch(/^Stok i ulët: \d+ variante? nën kufi$/);
    expect(mails[0]!.text_body).toContain('Pak mbetur');
    // Nothing below the threshold the next day: no e-mail, and the day is not claimed.
    await setShopThreshold(t, { threshold: 0 });
    await t.db.updateTable('product_variants').set({ low_stock_threshold: null }).execute();
    expect(await runLowStockDigest(t, new Date('2026-11-26T07:00:00Z'))).toMatchObject({
      sent: false,
      why: 'nothing_low',
    });
    expect(
      await t.db.selectFrom('mail_outbox').select('mail_id').where('kind', '=', 'low_stock_digest').execute(),
    ).toHaveLength(1);
  });

  it("is scheduled daily at LOW_STOCK_DIGEST_HOUR in the shop's time, across both clock changes", async () => {
    const schedule = await scheduleLowStockDigest(t, 8, createLogger('silent'));
    try {
      const next = (after: string) => schedule.nextRun(new Date(after))?.toISOString();
      expect(next('2026-11-24T10:00:00Z')).toBe('2026-11-25T07:00:00.000Z'); // winter: 08:00 is 07:00 UTC
      expect(next('2026-11-25T06:59:00Z')).toBe('2026-11-25T07:00:00.000Z'); // the same morning
      expect(next('2026-07-01T10:00:00Z')).toBe('2026-07-02T06:00:00.000Z'); // summer: 06:00 UTC
      expect(next('2026-03-28T12:00:00Z')).toBe('2026-03-29T06:00:00.000Z'); // the spring change that night
      expect(next('2026-10-24T12:00:00Z')).toBe('2026-10-25T07:00:00.000Z'); // the autumn change that night
    } finally {
      schedule.stop();
    }
    expect(schedule.nextRun(new Date('2026-11-24T10:00:00Z'))).toBeNull(); // stopped: no more runs
  });

  it('runs on LOW_STOCK_DIGEST_SCHEDULE instead when it is set (a daily time or a cron expression)', async () => {
    const daily = await scheduleLowStockDigest(t, '07:30', createLogger('silent'));
    const cron = await scheduleLowStockDigest(t, '*/10 * * * * *', createLogger('silent'));
    try {
      expect(daily.nextRun(new Date('2026-11-24T10:00:00Z'))?.toISOString()).toBe('2026-11-25T06:30:00.000Z');
      expect(cron.nextRun(new Date('2026-11-24T10:00:01Z'))?.toISOString()).toBe('2026-11-24T10:00:10.000Z');
    } finally {
      daily.stop();
      cron.stop();
    }
  });
});
