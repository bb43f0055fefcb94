// Refusal risk for cash on delivery (issue 37, decision 272) on the engine under test (SQLite, or PostgreSQL under
// npm run test:pg), services through the real app over HTTP: a phone's history however it is written (delivered,
// refused at the door, cancelled, returned units), the risk badge's count and the shop's threshold on the orders list
// and the order screen, the rule at the pack move (409 with the reason, nothing written; allowed once confirmed),
// blocking and unblocking a phone (audited; 401/403/400/409/404), a blocked phone's checkout accepted and held (its
// stock, lines and e-mail written, no stage move until staff release it), and the rule's setting (administrators).
import { beforeAll, describe, expect, it } from 'vitest';
import { BlockedPhoneReply, BuyerHistoryReply, RefusalRuleReply } from '#shared/dto/cod-risk';
import { OrderConfirmationReply } from '#shared/dto/checkout';
import { OrderReply, OrderSummaryReply } from '#shared/dto/orders';
import { plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createAdmin, createCustomer, createStaff } from '#server/testing/auth';
import { createCountry, createProduct, insertOrder } from '#server/testing/factories';
import { inRequestContext } from '#server/testing/request-context';
import { ROLE_STAFF } from '#shared/roles';
import * as checkout from '../checkout';

// A staff order placed directly runs in a request context, as a door runs it (its audit row, decision 228).
const { placeManualOrder } = inRequestContext(checkout);

const m = staffMessages.codRisk;
let t: TestApp;
let staff: string;
let staffId: number;
let admin: string;
let customer: string;
let countryId: number;

const json = async (r: Response) => (await r.json()) as any;
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, token?: string, body?: unknown) =>
  t.request(`/api${path}`, { method, ...(token ? { token } : {}), ...(body === undefined ? {} : { json: body }) });
const eventsOf = async (id: number) =>
  (
    await t.db.selectFrom('order_events').select('state').where('order_id', '=', id).orderBy('order_event_id').execute()
  ).map((e) => e.state);

/** A risky buyer: one delivered, two refused at the door, one cancelled, one new pending order, phone written 3 ways. */
async function riskyBuyer(phone: string, email: string): Promise<number> {
  const national = `0${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;
  await insertOrder(t.db, { phoneNumber: phone, email, status: 'delivered', totalCents: 3000 });
  await insertOrder(t.db, { phoneNumber: national, email: '', status: 'delivered', closedAs: 'returned' });
  await insertOrder(t.db, {
    phoneNumber: phone,
    email: email.toUpperCase(),
    status: 'delivered',
    closedAs: 'returned',
  });
  await insertOrder(t.db, { phoneNumber: phone, email, closedAs: 'cancelled' });
  return insertOrder(t.db, { phoneNumber: phone, email: '', date: new Date(Date.now() + 1000).toISOString() });
}

beforeAll(async () => {
  t = await createTestApp();
  ({ token: staff, userId: staffId } = await createStaff(t));
  admin = (await createAdmin(t)).token;
  customer = (await createCustomer(t)).token;
  countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
});

describe("a phone's history", () => {
  it('counts delivered, refused at the door, cancelled and returned for the phone however it is typed, and by e-mail', async () => {
    await riskyBuyer('+38344555111', 'vjosa@example.com');
    for (const q of ['phone=044 555 111', 'phone=%2B383 44 555 111', 'email=VJOSA@example.com']) {
      const res = await call('GET', `/Customers/history?${q}`, staff);
      expect(res.status).toBe(200);
      const body = BuyerHistoryReply.parse(await json(res));
      expect(body).toEqual({ orders: 5, delivered: 1, refused: 2, cancelled: 1, returned: 0, phoneBlocked: false });
    }
    const stranger = BuyerHistoryReply.parse(
      await json(await call('GET', '/Customers/history?phone=049111222', staff)),
    );
    expect(stranger).toMatchObject({ orders: 0, refused: 0, delivered: 0 });
  });

  it('answers 401 without a caller, 403 to a shopper, 400 without a phone or e-mail or with a bad phone', async () => {
    expect((await call('GET', '/Customers/history?phone=044555111')).status).toBe(401);
    expect((await call('GET', '/Customers/history?phone=044555111', customer)).status).toBe(403);
    const none = await call('GET', '/Customers/history', staff);
    expect(none.status).toBe(400);
    expect(JSON.stringify(await json(none))).toContain(m.historyNeedsContact);
    expect((await call('GET', '/Customers/history?phone=abc', staff)).status).toBe(400);
  });

  it('the customers list carries deliveries beside the refusals', async () => {
    const res = await call('GET', '/Customers?q=044 555 111', admin);
    const [buyer] = (await json(res)).items;
    expect(buyer).toMatchObject({ orders: 5, delivered: 1, refusals: 2, cancelled: 1 });
  });
});

describe('the risk badge and the rule', () => {
  it("gives each listed order its buyer's refusals and whether the shop's rule covers it; the threshold is the shop's", async () => {
    const risky = await riskyBuyer('+38344555222', 'blerta@example.com');
    const clean = await insertOrder(t.db, { phoneNumber: '+38344999888', email: 'drita@example.com' });
    const list = async () => {
      const body = await json(await call('GET', '/Orders?status=pending&pageSize=50', staff));
      const items = (body.items ?? body) as unknown[];
      return new Map(items.map((i) => OrderSummaryReply.parse(i)).map((o) => [o.orderId, o]));
    };
    let orders = await list();
    expect(orders.get(risky)).toMatchObject({ refusals: 2, refusalRisk: true, phoneBlocked: false, heldAt: null });
    expect(orders.get(clean)).toMatchObject({ refusals: 0, refusalRisk: false });
    const one = OrderReply.parse(await json(await call('GET', `/Orders/${risky}`, staff)));
    expect(one).toMatchObject({ refusals: 2, refusalRisk: true });

    expect((await call('PUT', '/RefusalRule', admin, { threshold: 3 })).status).toBe(200);
    orders = await list();
    expect(orders.get(risky)).toMatchObject({ refusals: 2, refusalRisk: false });
    expect((await call('PUT', '/RefusalRule', admin, { threshold: 2 })).status).toBe(200);
  });

  it('a risky order cannot be packed before "Konfirmuar": 409 naming the refusals, nothing written; packed once confirmed', async () => {
    const risky = await riskyBuyer('+38344555333', 'liridona@example.com');
    await call('GET', '/Orders?pageSize=1', staff); // settles the buyers, as the screen does
    const before = await eventsOf(risky);
    const refused = await call('PUT', `/Orders/${risky}/Pack`, staff);
    expect(refused.status).toBe(409);
    expect((await json(refused)).Message).toBe(plural(m.packNeedsCall, 2));
    expect(await eventsOf(risky)).toEqual(before);
    const row = await t.db.selectFrom('orders').select('stage').where('order_id', '=', risky).executeTakeFirstOrThrow();
    expect(row.stage).toBeNull();

    expect((await call('PUT', `/Orders/${risky}/Confirm`, staff)).status).toBe(200);
    const packed = await call('PUT', `/Orders/${risky}/Pack`, staff);
    expect(packed.status).toBe(200);
    expect((await json(packed)).stage).toBe('packed');
  });

  it('counts a refusal recorded a moment ago (the rule reads the settled buyers), and names the usual reason below it', async () => {
    await insertOrder(t.db, { phoneNumber: '+38344555444', status: 'delivered', closedAs: 'returned' });
    const fresh = await insertOrder(t.db, { phoneNumber: '+38344555444' });
    const below = await call('PUT', `/Orders/${fresh}/Pack`, staff);
    expect(below.status).toBe(409);
    expect((await json(below)).Message).toBe(staffMessages.orderStages.onlyConfirmedPack);
    // A second refusal (raw SQL, as any writer) puts the buyer at the rule's threshold.
    await insertOrder(t.db, { phoneNumber: '044 555 444', status: 'delivered', closedAs: 'returned' });
    const at = await call('PUT', `/Orders/${fresh}/Pack`, staff);
    expect(at.status).toBe(409);
    expect((await json(at)).Message).toBe(plural(m.packNeedsCall, 2));
  });

  it('the rule is read by staff and set by administrators only, 0 to 20', async () => {
    expect((await call('GET', '/RefusalRule')).status).toBe(401);
    expect(RefusalRuleReply.parse(await json(await call('GET', '/RefusalRule', staff)))).toEqual({
      threshold: 2,
      requirement: 'call',
    });
    expect((await call('PUT', '/RefusalRule', undefined, { threshold: 1 })).status).toBe(401);
    expect((await call('PUT', '/RefusalRule', staff, { threshold: 1 })).status).toBe(403);
    for (const threshold of [-1, 21, 1.5, 'dy']) {
      const bad = await call('PUT', '/RefusalRule', admin, { threshold });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await json(bad))).toContain(m.ruleInvalid);
    }
    expect((await json(await call('PUT', '/RefusalRule', admin, { threshold: 0 }))).threshold).toBe(0);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity', '=', 'setting')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes)).toEqual({ cod_refusal_threshold: [2, 0] });
    await call('PUT', '/RefusalRule', admin, { threshold: 2 });
  });
});

describe('blocking a phone', () => {
  it('blocks with a note (audited), lists, refuses a second block, unblocks, and answers 401/403/400/404', async () => {
    const body = { phone: '044 777 888', note: 'Refuzoi dy herë, nuk përgjigjet' };
    expect((await call('POST', '/BlockedPhones', undefined, body)).status).toBe(401);
    expect((await call('POST', '/BlockedPhones', customer, body)).status).toBe(403);
    const bad = await call('POST', '/BlockedPhones', staff, { phone: 'telefoni', note: '' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await json(bad))).toContain(m.phoneInvalid);
    expect((await call('POST', '/BlockedPhones', staff, { phone: '044777888', note: 'x'.repeat(501) })).status).toBe(
      400,
    );

    const created = await call('POST', '/BlockedPhones', staff, body);
    expect(created.status).toBe(201);
    expect(BlockedPhoneReply.parse(await json(created))).toMatchObject({ phone: '+383 44 777 888', note: body.note });
    const again = await call('POST', '/BlockedPhones', staff, { phone: '+383 44 777 888' });
    expect(again.status).toBe(409);
    expect((await json(again)).Message).toBe(m.alreadyBlocked);
    const listed = (await json(await call('GET', '/BlockedPhones', staff))) as unknown[];
    expect(listed.map((b) => BlockedPhoneReply.parse(b).phone)).toContain('+383 44 777 888');
    const history = await json(await call('GET', '/Customers/history?phone=044777888', staff));
    expect(history.phoneBlocked).toBe(true);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'changes', 'actor_id'])
      .where('entity', '=', 'blockedPhone')
      .orderBy('audit_id')
      .execute();
    expect(audit.at(-1)).toMatchObject({ action: 'block' });
    expect(audit.at(-1)!.actor_id).not.toBeNull();
    expect(JSON.parse(audit.at(-1)!.changes)).toMatchObject({ phone: [null, '+38344777888'], note: [null, body.note] });

    expect((await call('DELETE', '/BlockedPhones?phone=044777888', customer)).status).toBe(403);
    const gone = await call('DELETE', '/BlockedPhones?phone=%2B38344777888', staff);
    expect(gone.status).toBe(200);
    expect(await json(gone)).toEqual({ phone: '+383 44 777 888' });
    const missing = await call('DELETE', '/BlockedPhones?phone=044777888', staff);
    expect(missing.status).toBe(404);
    expect((await json(missing)).Message).toBe(m.notBlocked);
    const last = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'blockedPhone')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.action).toBe('unblock');
  });

  it("holds a blocked phone's checkout (written whole, never refused) until staff release it", async () => {
    const { variantIds } = await createProduct(t.db, { priceCents: 2000, variants: [{ stock: 4 }] });
    const variantId = variantIds[0]!;
    expect((await call('POST', '/BlockedPhones', staff, { phone: '+383 45 123 456', note: 'Mashtrim' })).status).toBe(
      201,
    );
    const placed = await t.request('/api/orders/checkout', {
      method: 'POST',
      json: {
        customerDetails: {
          email: 'hana@example.com',
          firstName: 'Hana',
          lastName: 'Morina',
          address: 'Rr. Nënë Tereza 3',
          city: 'Gjakovë',
          zipCode: '50000',
          phoneNumber: '045 123 456',
          countryID: countryId,
          guestId: 'guest_blocked000001',
        },
        cartItems: [{ productVariantId: variantId, quantity: 2 }],
      },
    });
    expect(placed.status).toBe(201);
    const confirmation = OrderConfirmationReply.parse(await json(placed));
    expect(confirmation.held).toBe(true);
    const id = confirmation.orderId;
    const row = await t.db
      .selectFrom('orders')
      .select(['held_at', 'stage', 'total_cents'])
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.held_at).not.toBeNull();
    expect(row.total_cents).toBe(4250);
    const lines = await t.db.selectFrom('order_details').select('quantity').where('order_id', '=', id).execute();
    expect(lines.map((l) => l.quantity)).toEqual([2]);
    const stock = await t.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('variant_id', '=', variantId)
      .executeTakeFirstOrThrow();
    expect(stock.stock_quantity).toBe(2);
    const mail = await t.db.selectFrom('mail_outbox').select('mail_id').where('order_id', '=', id).execute();
    expect(mail.length).toBeGreaterThan(0);
    expect(await eventsOf(id)).toEqual(['held']);

    const listed = OrderReply.parse(await json(await call('GET', `/Orders/${id}`, staff)));
    expect(listed).toMatchObject({ phoneBlocked: true, heldAt: row.held_at });
    const early = await call('PUT', `/Orders/${id}/Confirm`, staff);
    expect(early.status).toBe(409);
    expect((await json(early)).Message).toBe(m.heldNoMove);
    expect(await eventsOf(id)).toEqual(['held']);

    expect((await call('PUT', `/Orders/${id}/Release`)).status).toBe(401);
    expect((await call('PUT', `/Orders/${id}/Release`, customer)).status).toBe(403);
    expect((await call('PUT', '/Orders/abc/Release', staff)).status).toBe(400);
    expect((await call('PUT', '/Orders/999999/Release', staff)).status).toBe(404);
    const released = await call('PUT', `/Orders/${id}/Release`, staff);
    expect(released.status).toBe(200);
    expect((await json(released)).heldAt).toBeNull();
    const twice = await call('PUT', `/Orders/${id}/Release`, staff);
    expect(twice.status).toBe(409);
    expect((await json(twice)).Message).toBe(m.notHeld);
    expect((await call('PUT', `/Orders/${id}/Confirm`, staff)).status).toBe(200);
    expect(await eventsOf(id)).toEqual(['held', 'released', 'confirmed']);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'order')
      .where('entity_id', '=', id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('release');
  });

  it("staff's own order for a blocked phone is not held (they are the ones who call)", async () => {
    const { variantIds } = await createProduct(t.db, { priceCents: 1000, variants: [{ stock: 3 }] });
    await call('POST', '/BlockedPhones', staff, { phone: '049 321 654' });
    const placed = await placeManualOrder(
      t,
      { userId: staffId, roleID: ROLE_STAFF },
      {
        customerDetails: {
          email: '',
          firstName: 'Besa',
          lastName: 'Hoxha',
          address: 'Rr. B 1',
          city: 'Pejë',
          zipCode: '30000',
          phoneNumber: '049 321 654',
          countryID: countryId,
          guestId: null,
        },
        cartItems: [{ productVariantId: variantIds[0]!, quantity: 1 }],
        promoCode: null,
      },
    );
    expect(placed.held).toBe(false);
    const held = await t.db
      .selectFrom('orders')
      .select('held_at')
      .where('phone_number', '=', '+38349321654')
      .executeTakeFirstOrThrow();
    expect(held.held_at).toBeNull();
  });
});

describe('/api/openapi.json', () => {
  it('documents the new routes and the checkout answer\'s "held"', async () => {
    const doc = (await json(await t.request('/api/openapi.json'))) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(JSON.stringify(doc.paths['/api/BlockedPhones']!.post!.requestBody)).toContain('"note"');
    expect(doc.paths['/api/BlockedPhones']!.delete).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/RefusalRule']!.put!.requestBody)).toContain('"threshold"');
    expect(doc.paths['/api/Orders/{id}/Release']!.put).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/Customers/history']!.get!.responses)).toContain('"refused"');
    expect(JSON.stringify(doc.paths['/api/orders/checkout']!.post!.responses)).toContain('"held"');
  });
});
