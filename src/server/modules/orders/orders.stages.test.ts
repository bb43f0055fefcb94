// Order stages staff work through (issue 27, decision 229): confirm / no answer / pack / ship with allowed moves only
// (409, nothing written), history, the spec's toggle unchanged, staff notes never shown to shoppers, the courier's
// tracking link and the "Në dërgesë" e-mail in the outbox, the stage filter and counts, editing a pending order's
// lines (stock and totals on the server, refused after shipping or beyond stock) and the courier CSV. HTTP through
// the real app on the real database (SQLite, or PostgreSQL under npm run test:pg).
import { beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '#shared/messages-staff';
import { ROLE_STAFF } from '#shared/roles';
import { createCustomer, createUser } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCountry, createProduct, createPromoCode } from '#server/testing/factories';
import { inRequestContext } from '#server/testing/request-context';
import * as checkout from '../checkout';

// A staff order placed directly runs in a request context, as a door runs it (its audit row, decision 228).
const { placeManualOrder } = inRequestContext(checkout);

let t: TestApp;
let staff: { token: string; userId: number };
let customer: string;
let countryId: number;
let courierId: number;
const st = staffMessages.orderStages;

const json = async (r: Response) => (await r.json()) as any;
const put = (path: string, body?: unknown, token = staff.token) =>
  t.request(`/api/Orders/${path}`, { method: 'PUT', token, ...(body === undefined ? {} : { json: body }) });
const stockOf = async (variantId: number) =>
  (
    await t.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('variant_id', '=', variantId)
      .executeTakeFirstOrThrow()
  ).stock_quantity;
const orderRow = (id: number) =>
  t.db.selectFrom('orders').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
const eventCount = async (id: number) =>
  (await t.db.selectFrom('order_events').select('order_event_id').where('order_id', '=', id).execute()).length;

async function placeOrder(items: Array<{ v: number; qty: number }>, promoCode: string | null = null): Promise<number> {
  const o = await placeManualOrder(
    t,
    { userId: staff.userId, roleID: ROLE_STAFF },
    {
      customerDetails: {
        email: 'arta@example.com',
        firstName: 'Arta',
        lastName: 'Krasniqi',
        address: 'Rruga B 12',
        city: 'Prishtinë',
        zipCode: '10000',
        phoneNumber: '+38344111222',
        countryID: countryId,
        guestId: null,
      },
      cartItems: items.map((i) => ({ productVariantId: i.v, quantity: i.qty })),
      promoCode,
    },
  );
  return o.orderId;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t, { roleID: ROLE_STAFF, firstName: 'Mira', lastName: 'Gashi' });
  customer = (await createCustomer(t)).token;
  countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250, freeShippingFromCents: 10000 });
  const created = await t.request('/api/Couriers', {
    method: 'POST',
    token: staff.token,
    json: { name: 'Postë Ekspres', trackingUrlPattern: 'https://postaekspres.example/gjurmo?nr={tracking}' },
  });
  expect(created.status).toBe(201);
  courierId = (await json(created)).courierId;
});

describe('stage moves', () => {
  it('walks new -> (no answer) -> confirmed -> packed -> shipped -> delivered, each in the history with who and when', async () => {
    const v = (await createProduct(t.db, { priceCents: 2000, variants: [{ stock: 5 }] })).variantIds[0]!;
    const id = await placeOrder([{ v, qty: 1 }]);
    expect((await json(await t.request(`/api/Orders/${id}`, { token: staff.token }))).stage).toBe('new');

    const noAnswer = await json(await put(`${id}/NoAnswer`));
    expect(noAnswer).toMatchObject({ stage: 'new', callAttempts: 1, status: 'pending' });
    const confirmed = await json(await put(`${id}/Confirm`));
    expect(confirmed.stage).toBe('confirmed');
    expect(confirmed.confirmedAt).toEqual(expect.any(String));
    expect((await json(await put(`${id}/Pack`))).stage).toBe('packed');
    const shipped = await put(`${id}/Ship`, { courierId, trackingNumber: 'PE-2026/001' });
    expect(shipped.status).toBe(200);
    expect(await json(shipped)).toMatchObject({
      stage: 'shipped',
      courierName: 'Postë Ekspres',
      trackingNumber: 'PE-2026/001',
      trackingUrl: 'https://postaekspres.example/gjurmo?nr=PE-2026%2F001',
    });
    // The spec's toggle keeps its contract: pending -> delivered.
    const delivered = await json(await put(`UpdateStatus/${id}`));
    expect(delivered.status).toBe('delivered');
    expect(delivered.stage).toBeNull();
    expect(delivered.history.map((h: any) => h.state)).toEqual([
      'created',
      'no_answer',
      'confirmed',
      'packed',
      'shipped',
      'delivered',
    ]);
    for (const h of delivered.history.slice(1))
      expect(h).toMatchObject({ userId: staff.userId, userName: 'Mira Gashi' });
    expect(delivered.history[4].detail).toBe('Postë Ekspres PE-2026/001');
  });

  it('refuses a move from the wrong stage with 409 and writes nothing', async () => {
    const v = (await createProduct(t.db, { variants: [{ stock: 5 }] })).variantIds[0]!;
    const id = await placeOrder([{ v, qty: 1 }]);
    const before = { row: await orderRow(id), events: await eventCount(id) };
    for (const [path, message] of [
      [`${id}/Pack`, st.onlyConfirmedPack],
      [`${id}/Ship`, st.onlyPackedShip],
    ] as const) {
      const r = await put(path, path.endsWith('Ship') ? { courierId, trackingNumber: 'AB123' } : undefined);
      expect(r.status).toBe(409);
      expect((await json(r)).Message).toBe(message);
    }
    await put(`${id}/Confirm`);
    const again = await put(`${id}/Confirm`);
    expect(again.status).toBe(409);
    expect((await json(again)).Message).toBe(st.onlyNewConfirm);
    const noAnswer = await put(`${id}/NoAnswer`);
    expect(noAnswer.status).toBe(409);
    const row = await orderRow(id);
    expect(row.call_attempts).toBe(before.row.call_attempts);
    expect(await eventCount(id)).toBe(before.events + 1); // only the one confirm
    // A cancelled order moves no further; nothing is sent to the shopper for a refused ship.
    await put(`${id}/Cancel`);
    expect((await put(`${id}/Pack`)).status).toBe(409);
    const mails = await t.db.selectFrom('mail_outbox').select('kind').where('order_id', '=', id).execute();
    expect(mails.map((m) => m.kind)).not.toContain('order_shipped');
  });

  it('answers 401/403/404/400 at the door', async () => {
    expect((await put('1/Confirm', undefined, '')).status).toBe(401);
    expect((await put('1/Confirm', undefined, customer)).status).toBe(403);
    expect((await put('987654/Confirm')).status).toBe(404);
    const v = (await createProduct(t.db, { variants: [{ stock: 5 }] })).variantIds[0]!;
    const id = await placeOrder([{ v, qty: 1 }]);
    await put(`${id}/Confirm`);
    await put(`${id}/Pack`);
    for (const trackingNumber of ['<b>x</b>', '', '   ', 'a"b', 'A B']) {
      const r = await put(`${id}/Ship`, { courierId, trackingNumber });
      expect(r.status).toBe(400);
      expect((await json(r)).errors.trackingNumber).toBeTruthy();
    }
    const unknown = await put(`${id}/Ship`, { courierId: 999999, trackingNumber: 'AB123' });
    expect(unknown.status).toBe(400);
    expect((await orderRow(id)).stage).toBe('packed');
  });

  it('takes a tracking number with spaces as staff copy it from the label (issue 35)', async () => {
    const v = (await createProduct(t.db, { variants: [{ stock: 5 }] })).variantIds[0]!;
    const id = await placeOrder([{ v, qty: 1 }]);
    await put(`${id}/Confirm`);
    await put(`${id}/Pack`);
    const shipped = await put(`${id}/Ship`, { courierId, trackingNumber: ' PE 123 456 789 XK ' });
    expect(shipped.status).toBe(200);
    expect((await json(shipped)).trackingNumber).toBe('PE123456789XK');
  });
});

describe('"Në dërgesë" e-mail and the shopper\'s view', () => {
  it('queues the e-mail with the tracking link; tracking and the order page show stage and link, never notes', async () => {
    const v = (await createProduct(t.db, { variants: [{ stock: 5 }] })).variantIds[0]!;
    const id = await placeOrder([{ v, qty: 2 }]);
    const noted = await t.request(`/api/Orders/${id}/Notes`, {
      method: 'POST',
      token: staff.token,
      json: { body: 'Klientja do ta marrë pas orës 17' },
    });
    expect(noted.status).toBe(200);
    expect((await json(noted)).notes).toEqual([
      expect.objectContaining({
        body: 'Klientja do ta marrë pas orës 17',
        userName: 'Mira Gashi',
        at: expect.any(String),
      }),
    ]);
    const noteByCustomer = await t.request(`/api/Orders/${id}/Notes`, {
      method: 'POST',
      token: customer,
      json: { body: 'x' },
    });
    expect(noteByCustomer.status).toBe(403);
    expect(
      (await t.request(`/api/Orders/${id}/Notes`, { method: 'POST', token: staff.token, json: { body: '  ' } })).status,
    ).toBe(400);

    await put(`${id}/Confirm`);
    await put(`${id}/Pack`);
    await put(`${id}/Ship`, { courierId, trackingNumber: 'PE777' });
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient', 'subject', 'html', 'text_body'])
      .where('order_id', '=', id)
      .where('kind', '=', 'order_shipped')
      .executeTakeFirstOrThrow();
    expect(mail.recipient).toBe('arta@example.com');
    expect(mail.subject).toContain('në dërgesë');
    expect(mail.text_body).toContain('https://postaekspres.example/gjurmo?nr=PE777');
    expect(mail.html).toContain('href="https://postaekspres.example/gjurmo?nr=PE777"');
    expect(mail.text_body).not.toContain('pas orës 17');

    const tracked = await t.request('/api/orders/track', {
      method: 'POST',
      json: { orderId: id, email: 'arta@example.com' },
    });
    const body = await tracked.text();
    expect(tracked.status).toBe(200);
    expect(JSON.parse(body).shipment).toEqual({
      stage: 'shipped',
      courierName: 'Postë Ekspres',
      trackingNumber: 'PE777',
      trackingUrl: 'https://postaekspres.example/gjurmo?nr=PE777',
    });
    expect(body).not.toContain('pas orës 17');
    const page = await t.request(`/api/orders/checkout/${id}`, { token: staff.token });
    expect((await json(page)).shipment.stage).toBe('shipped');
  });
});

describe('lists by stage', () => {
  it('filters the list by stage and counts live pending orders per stage', async () => {
    const before = await json(await t.request('/api/Orders/stage-counts', { token: staff.token }));
    const v = (await createProduct(t.db, { variants: [{ stock: 9 }] })).variantIds[0]!;
    const a = await placeOrder([{ v, qty: 1 }]);
    const b = await placeOrder([{ v, qty: 1 }]);
    await put(`${b}/Confirm`);
    const after = await json(await t.request('/api/Orders/stage-counts', { token: staff.token }));
    expect(after.new).toBe(before.new + 1);
    expect(after.confirmed).toBe(before.confirmed + 1);
    const confirmed = await json(await t.request('/api/Orders?stage=confirmed&pageSize=100', { token: staff.token }));
    expect(confirmed.map((o: any) => o.orderId)).toContain(b);
    expect(confirmed.map((o: any) => o.orderId)).not.toContain(a);
    expect(confirmed.every((o: any) => o.stage === 'confirmed')).toBe(true);
    expect((await t.request('/api/Orders?stage=lost', { token: staff.token })).status).toBe(400);
    expect((await t.request('/api/Orders/stage-counts', { token: customer })).status).toBe(403);
  });
});

describe('editing a pending order', () => {
  it('moves stock and recomputes totals on the server, keeps the paid price and the promo, records the edit', async () => {
    const p1 = await createProduct(t.db, { name: 'Fustan', priceCents: 3000, variants: [{ stock: 10 }] });
    const p2 = await createProduct(t.db, { name: 'Këmishë', priceCents: 2500, variants: [{ stock: 4 }] });
    const [v1, v2] = [p1.variantIds[0]!, p2.variantIds[0]!];
    const code = `EDIT${Date.now() % 100000}`;
    await createPromoCode(t.db, { code, percentage: 10 });
    const id = await placeOrder([{ v: v1, qty: 1 }], code);
    expect(await orderRow(id)).toMatchObject({ subtotal_cents: 3000, discount_cents: 300, shipping_cost_cents: 250 });
    // The catalogue price changes after the order: the line already on the order keeps what the shopper was quoted.
    await t.db.updateTable('products').set({ price_cents: 9999 }).where('product_id', '=', p1.productId).execute();
    await put(`${id}/Confirm`);
    const r = await put(`${id}/Lines`, {
      lines: [
        { productVariantId: v1, quantity: 2 },
        { productVariantId: v2, quantity: 3 },
      ],
      address: { address: 'Rruga C 7', city: 'Prizren', zipCode: '20000', countryID: countryId },
    });
    expect(r.status).toBe(200);
    const o = await json(r);
    // 2 x 30,00 + 3 x 25,00 = 135,00; -10% = 13,50; 121,50 reaches the 100,00 free-shipping threshold.
    expect(o).toMatchObject({ subtotal: 135, discount: 13.5, shippingCost: 0, total: 121.5, city: 'Prizren' });
    expect(o.orderDetails.map((l: any) => [l.productVariantId, l.quantity, l.price])).toEqual([
      [v1, 2, 30],
      [v2, 3, 25],
    ]);
    expect(await stockOf(v1)).toBe(8);
    expect(await stockOf(v2)).toBe(1);
    expect(o.history.at(-1)).toMatchObject({ state: 'edited', userName: 'Mira Gashi' });
    expect(o.history.at(-1).detail).toContain('2× Fustan');
    expect((await orderRow(id)).promo_code).toBe(code);

    // Back to one line: the units come back.
    const back = await json(await put(`${id}/Lines`, { lines: [{ productVariantId: v1, quantity: 1 }] }));
    expect(await stockOf(v1)).toBe(9);
    expect(await stockOf(v2)).toBe(4);
    expect(back).toMatchObject({ subtotal: 30, discount: 3, shippingCost: 2.5, total: 29.5 });
    expect(o.history.at(-1).detail).toContain(staffMessages.orderStages.editAddressDetail);
    // The same address sent again (the edit screen always sends it) is no change of address.
    const same = await json(
      await put(`${id}/Lines`, {
        lines: [{ productVariantId: v1, quantity: 2 }],
        address: { address: 'Rruga C 7', city: 'Prizren', zipCode: '20000', countryID: countryId },
      }),
    );
    expect(same.history.at(-1).detail).not.toContain(staffMessages.orderStages.editAddressDetail);
  });

  it('refuses more than the stock (409, nothing written) and any edit once shipped', async () => {
    const v = (await createProduct(t.db, { priceCents: 1000, variants: [{ stock: 3 }] })).variantIds[0]!;
    const w = (await createProduct(t.db, { priceCents: 500, variants: [{ stock: 5 }] })).variantIds[0]!;
    const id = await placeOrder([{ v, qty: 2 }]);
    const before = { row: await orderRow(id), events: await eventCount(id) };
    const tooMany = await put(`${id}/Lines`, {
      lines: [
        { productVariantId: w, quantity: 1 },
        { productVariantId: v, quantity: 4 },
      ],
    });
    expect(tooMany.status).toBe(409);
    expect((await json(tooMany)).errors['lines.1.quantity']).toBeTruthy();
    expect(await stockOf(v)).toBe(1);
    expect(await stockOf(w)).toBe(5);
    expect(await orderRow(id)).toEqual(before.row);
    expect(await eventCount(id)).toBe(before.events);

    await put(`${id}/Confirm`);
    await put(`${id}/Pack`);
    await put(`${id}/Ship`, { courierId, trackingNumber: 'X1234' });
    const late = await put(`${id}/Lines`, { lines: [{ productVariantId: v, quantity: 1 }] });
    expect(late.status).toBe(409);
    expect((await json(late)).Message).toBe(st.editNotAllowed);
    expect(await stockOf(v)).toBe(1);
    expect((await put(`${id}/Lines`, { lines: [] })).status).toBe(400);
    expect((await put(`${id}/Lines`, { lines: [{ productVariantId: v, quantity: 1 }] }, customer)).status).toBe(403);
  });
});

describe('couriers and the courier CSV', () => {
  it('keeps couriers staff-editable with a checked pattern', async () => {
    const bad = await t.request('/api/Couriers', {
      method: 'POST',
      token: staff.token,
      json: { name: 'X', trackingUrlPattern: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    const dup = await t.request('/api/Couriers', {
      method: 'POST',
      token: staff.token,
      json: { name: 'postë ekspres' },
    });
    expect(dup.status).toBe(409);
    expect((await t.request('/api/Couriers', { token: customer })).status).toBe(403);
    const list = await json(await t.request('/api/Couriers', { token: staff.token }));
    expect(list).toContainEqual({
      courierId,
      name: 'Postë Ekspres',
      trackingUrlPattern: 'https://postaekspres.example/gjurmo?nr={tracking}',
    });
  });

  it('writes the selected orders as the courier portal takes them', async () => {
    const v = (await createProduct(t.db, { priceCents: 1250, variants: [{ stock: 9 }] })).variantIds[0]!;
    const a = await placeOrder([{ v, qty: 2 }]);
    const b = await placeOrder([{ v, qty: 1 }]);
    const r = await t.request(`/api/Orders/courier.csv?ids=${b},${a},999999`, { token: staff.token });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    const text = await r.text();
    const rows = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe(`Porosia,Emri,Telefoni,Adresa,Qyteti,Kodi postar,Shteti,${st.csvCod},Shënim`);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toBe(
      `#${String(b).padStart(6, '0')},Arta Krasniqi,0038344111222,Rruga B 12,Prishtinë,10000,Kosova,15.00,1 artikull`,
    );
    expect(rows[2]).toContain(',27.50,2 artikuj');
    expect((await t.request(`/api/Orders/courier.csv?ids=${a}`, { token: customer })).status).toBe(403);
    expect((await t.request('/api/Orders/courier.csv?ids=', { token: staff.token })).status).toBe(400);
  });
});
