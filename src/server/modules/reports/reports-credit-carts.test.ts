// The reports' lines of decision 275 on the engine under test: store credit that paid for the period's live orders
// ("paid with credit", part of revenue, never added to it; a cancelled order's credit given back is not counted) and
// the forgotten carts reminded and recovered, through GET /api/Reports; the refusal rate by first-time vs returning
// buyer from the rollup the buyers' settling keeps, through merges, a deletion and a rebuild.
import { beforeAll, describe, expect, it } from 'vitest';
import { ReportReply } from '#shared/dto/reports';
import { shopDayStartIso, shopToday } from '#shared/dates';
import { DEFAULT_LIMITS } from '#server/http/limits';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCountry, createProduct } from '#server/testing/factories';
import { addCreditEntry } from '../store-credit';
import { writeCard } from '../gift-cards';
import { rebuildBuyers } from '../orders';
import { insertOrder } from '#server/testing/factories';
import { addDays } from '#shared/dates';
import { salesReport } from './reports.service';

let t: TestApp;
let staff: string;
let countryId: number;
const json = async (r: Response) => (await r.json()) as any;

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { ...DEFAULT_LIMITS, checkout: { points: 1000, windowSeconds: 60, key: 'address' } },
  });
  staff = (await createStaff(t)).token;
  countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 0 });
});

const order = async (token: string, variantId: number, giftCardCode?: string) =>
  json(
    await t.request('/api/orders/checkout', {
      method: 'POST',
      token,
      json: {
        customerDetails: {
          email: 'drita@example.com',
          firstName: 'Drita',
          lastName: 'Berisha',
          address: 'Rr. 5',
          city: 'Ferizaj',
          zipCode: '70000',
          phoneNumber: '+38344111222',
          countryID: countryId,
        },
        cartItems: [{ productVariantId: variantId, quantity: 1 }],
        useStoreCredit: true,
        ...(giftCardCode ? { giftCardCode } : {}),
      },
    }),
  );

describe('reports: paid with credit and forgotten carts', () => {
  it('shows the credit that paid live orders inside the revenue, not on top of it; a cancelled order’s credit drops out', async () => {
    const a = await createCustomer(t);
    const b = await createCustomer(t);
    const v = (await createProduct(t.db, { priceCents: 3000, variants: [{ stock: 10 }] })).variantIds[0]!;
    for (const c of [a, b])
      await t.db
        .transaction()
        .execute((trx) => addCreditEntry(trx, { userId: c.userId, amountCents: 1000, reason: 'staff_adjustment' }));
    // A gift card of 5 € (decision 274) pays beside the credit on one more live order.
    const code = 'TEST-RAPR-TETK-ARTA-2345';
    await t.db.transaction().execute((trx) =>
      writeCard(trx, t.config.keys, {
        cents: 500,
        expiresOn: null,
        recipientName: '',
        recipientEmail: null,
        message: '',
        staffUserId: null,
        code,
      }),
    );
    const kept = await order(a.token, v);
    const cancelled = await order(b.token, v);
    const withCard = await order((await createCustomer(t)).token, v, code);
    expect([kept.storeCreditAmount, cancelled.storeCreditAmount, withCard.giftCardAmount]).toEqual([10, 10, 5]);
    expect((await t.request(`/api/Orders/${cancelled.orderId}/Cancel`, { method: 'PUT', token: staff })).status).toBe(
      200,
    );
    // A reminder that an order came back after, written as the cart module records it: sent within the shop's
    // today (an hour ago, or at its midnight when that is nearer), so the day's report holds it at any hour.
    const sentAt = new Date(Math.max(Date.now() - 3_600_000, Date.parse(shopDayStartIso(shopToday())))).toISOString();
    await t.db
      .insertInto('cart_reminders')
      .values([
        {
          user_id: a.userId,
          email: a.email,
          sequence: 1,
          sent_at: sentAt,
          value_cents: 3000,
          order_id: kept.orderId,
          recovered_cents: 3000,
          recovered_at: new Date().toISOString(),
        },
        { user_id: b.userId, email: b.email, sequence: 1, sent_at: sentAt, value_cents: 4500, recovered_cents: 0 },
        { user_id: b.userId, email: b.email, sequence: 2, sent_at: sentAt, value_cents: 4500, recovered_cents: 0 },
      ])
      .execute();
    const today = shopToday();
    const res = await t.request(`/api/Reports?from=${today}&to=${today}&granularity=day`, { token: staff });
    expect(res.status).toBe(200);
    const r = ReportReply.parse(await res.json());
    // The live orders' totals (30 + 30) with the credit inside, less the 5 € the card paid: a card's value is
    // revenue when the card is sold, not again when it pays (decision 274, amended). The overview agrees.
    expect(r.current.revenue).toBe(55);
    expect(r.paidWithCredit).toEqual({ storeCredit: 10, giftCard: 5, total: 15 });
    const overview = await json(await t.request('/api/Overview', { token: staff }));
    expect([overview.todayRevenue, overview.monthRevenue]).toEqual([55, 55]);
    expect(r.forgottenCarts).toEqual({
      carts: 2,
      value: 75,
      reminders: 3,
      recoveredOrders: 1,
      recoveredRevenue: 30,
      recoveryDays: 7,
    });
  });
});

describe('reports: refusals by first-time vs returning buyer', () => {
  it('counts a buyer’s first order apart from her later ones, through a merge, a deletion and a rebuild', async () => {
    const day = (n: number, hour: number) => `${addDays(shopToday(), -n)}T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const refused = { status: 'delivered' as const, closedAs: 'returned' as const };
    const delivered = { status: 'delivered' as const };
    await insertOrder(t.db, { ...refused, phoneNumber: '+38344700001', email: 'a@example.com', date: day(3, 10) });
    await insertOrder(t.db, { ...delivered, phoneNumber: '+38344700001', email: '', date: day(2, 10) });
    await insertOrder(t.db, { ...delivered, phoneNumber: '+38344700002', email: 'b@example.com', date: day(1, 10) });
    const c = await insertOrder(t.db, {
      ...refused,
      phoneNumber: '+38344700003',
      email: 'c@example.com',
      date: day(1, 12),
    });
    const input = { from: addDays(shopToday(), -6), to: addDays(shopToday(), -1), granularity: 'day' as const };
    const kinds = async () => (await salesReport(t, input)).refusalsByBuyer;
    expect(await kinds()).toEqual({
      firstTime: { shipped: 3, returned: 2, refusalRate: 66.7 },
      returning: { shipped: 1, returned: 0, refusalRate: 0 },
    });
    // An order sharing B's phone and C's e-mail makes them one buyer: B's order stays first, C's becomes a later one.
    await insertOrder(t.db, { phoneNumber: '+38344700002', email: 'c@example.com', date: day(1, 14) });
    expect(await kinds()).toEqual({
      firstTime: { shipped: 2, returned: 1, refusalRate: 50 },
      returning: { shipped: 2, returned: 1, refusalRate: 50 },
    });
    await t.db.deleteFrom('order_details').where('order_id', '=', c).execute();
    await t.db.deleteFrom('orders').where('order_id', '=', c).execute();
    expect(await kinds()).toEqual({
      firstTime: { shipped: 2, returned: 1, refusalRate: 50 },
      returning: { shipped: 1, returned: 0, refusalRate: 0 },
    });
    const figures = () =>
      t.db
        .selectFrom('buyer_kind_figures')
        .select(['part', 'repeat_buyer', 'shipped', 'returned'])
        .where((eb) => eb.or([eb('shipped', '<>', 0), eb('returned', '<>', 0)]))
        .orderBy('part')
        .orderBy('repeat_buyer')
        .execute();
    const kept = await figures();
    await t.db.transaction().execute((trx) => rebuildBuyers(trx));
    expect(await figures()).toEqual(kept);
  });
});
