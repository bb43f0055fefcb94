// Every staff write records an audit row (issue 28, decision 228). The list of writes is not kept here: it is read
// from the operation registry (every mutation whose access is staff or admin), so a new staff write fails this test
// until it records its audit row AND has a fixture below (a call that succeeds). Each write is called through its
// door as an administrator, and must leave at least one new audit row naming that administrator and an address.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredOperations } from '#server/operations/registry';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createAdmin, createCustomer } from '#server/testing/auth';
import {
  createCategory,
  createColor,
  createContactMessage,
  createCountry,
  createEvent,
  createOutboxMail,
  createProduct,
  createProductDiscount,
  createPromoCode,
  createSize,
  insertOrder,
  placeCheckoutOrder,
} from '#server/testing/factories';
import { trpcCall } from '#server/testing/trpc';
import { writeCard } from '../gift-cards';

/** Staff mutations that change no entity, so record no audit row. Each needs its reason. */
const NOT_ENTITY_CHANGES: Record<string, string> = {
  // Reads the uploaded photos' main colours and answers them; nothing is stored.
  'catalogAdmin.detectColors': 'analyses photos, writes nothing',
};

type World = Awaited<ReturnType<typeof makeWorld>>;
type Call = { trpc: unknown } | { rest: string; method: string; json?: unknown; body?: FormData };
/** One successful call per staff write, given fresh rows to act on. Add one when you add a staff write. */
const FIXTURES: Record<string, (w: World) => Promise<Call> | Call> = {
  'contact.markReplied': async (w) => ({ trpc: { id: await createContactMessage(w.t.db) } }),
  'contact.remove': async (w) => ({ trpc: { id: await createContactMessage(w.t.db) } }),
  'contact.reply': async (w) => ({
    trpc: { id: await createContactMessage(w.t.db), body: 'Po, e kemi në madhësinë 38.' },
  }),
  'catalogAdmin.bulkProducts': async (w) => ({ trpc: { action: 'deactivate', productIDs: [await w.product()] } }),
  'catalogAdmin.createProduct': (w) => ({
    trpc: { details: w.details(), variants: [{ sizeID: w.size, colorID: w.colour, stockQuantity: 3 }] },
  }),
  'catalogAdmin.updateProduct': async (w) => ({
    trpc: { productID: await w.product(), details: { ...w.details(), price: 19.9 }, variants: [] },
  }),
  'catalogAdmin.setFeatured': async (w) => ({ trpc: { productID: await w.product(), isFeatured: true } }),
  'catalogAdmin.deleteProduct': async (w) => ({ trpc: { productID: await w.product() } }),
  'catalogAdmin.deleteImage': async (w) => {
    const productID = await w.product([{ colorId: w.colour, fileName: 'a.webp' }]);
    return { trpc: { productID, fileName: 'a.webp' } };
  },
  'catalogAdmin.addProduct': (w) => ({ rest: '/api/Product', method: 'POST', json: w.details() }),
  'catalogAdmin.updateProductDetails': async (w) => ({
    rest: `/api/Product/${await w.product()}/Details`,
    method: 'PUT',
    json: { ...w.details(), name: 'Emër i ri' },
  }),
  'catalogAdmin.addVariants': async (w) => ({
    rest: `/api/Product/${await w.product()}/Variants`,
    method: 'POST',
    json: [{ sizeID: await createSize(w.t.db), colorID: w.colour, stockQuantity: 2 }],
  }),
  'catalogAdmin.updateVariants': async (w) => {
    const { productId, variantIds } = await createProduct(w.t.db, {
      variants: [{ sizeId: w.size, colorId: w.colour }],
    });
    return {
      rest: `/api/Product/${productId}/Variants`,
      method: 'PUT',
      json: [{ variantID: variantIds[0], sizeID: w.size, colorID: w.colour, stockQuantity: 7 }],
    };
  },
  'catalogAdmin.saveImages': async (w) => {
    const form = new FormData();
    form.set('images[0].colorID', String(w.colour));
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    form.append('images[0].imageFiles', new File([new Uint8Array(png)], 'foto.png', { type: 'image/png' }));
    return { rest: `/api/Product/${await w.product()}/Images`, method: 'POST', body: form };
  },
  'catalogAdmin.importCsv': async (w) => {
    const csv = `barcode,name,brand,description,category,price,size,colour,stock\r\nIMP-1,Fustan,Marka,Për,${w.categoryName},12.5,${w.sizeName},${w.colourName},4\r\n`;
    const form = new FormData();
    form.set('file', new File([csv], 'produktet.csv', { type: 'text/csv' }));
    return { rest: '/api/Product/import', method: 'POST', body: form };
  },
  'catalogAdmin.createCategory': (w) => ({
    trpc: { categoryName: 'Kategori e re', description: 'Përshkrim', mainCategoryID: w.main },
  }),
  'catalogAdmin.updateCategory': async (w) => ({
    trpc: {
      categoryID: await createCategory(w.t.db),
      categoryName: 'Tjetër',
      description: 'Ri',
      mainCategoryID: w.main,
    },
  }),
  'catalogAdmin.deleteCategory': async (w) => ({ trpc: { categoryID: await createCategory(w.t.db) } }),
  'catalogAdmin.createColors': () => ({ trpc: [{ colorName: 'Vjollcë e re', hexCode: '#aa00aa' }] }),
  'catalogAdmin.updateColor': async (w) => ({
    trpc: { colorID: await createColor(w.t.db), colorName: 'Vjollcë e ndryshuar', hexCode: '#aa00bb' },
  }),
  'catalogAdmin.deleteColor': async (w) => ({ trpc: { colorID: await createColor(w.t.db) } }),
  'catalogAdmin.createSize': () => ({ trpc: { sizeName: 'XXL-audit' } }),
  'catalogAdmin.updateSize': async (w) => ({ trpc: { id: await createSize(w.t.db), sizeName: 'XS-audit' } }),
  'catalogAdmin.deleteSize': async (w) => ({ trpc: { id: await createSize(w.t.db) } }),
  'catalogAdmin.createEvent': () => ({ trpc: { eventName: 'Verë audit' } }),
  'catalogAdmin.updateEvent': async (w) => ({ trpc: { id: await createEvent(w.t.db), eventName: 'Dimër audit' } }),
  'catalogAdmin.deleteEvent': async (w) => ({ trpc: { id: await createEvent(w.t.db) } }),
  'catalogAdmin.createCountry': () => ({ trpc: { countryName: 'Malta audit', shippingPrice: 9 } }),
  'catalogAdmin.updateCountry': async (w) => ({
    trpc: { id: await createCountry(w.t.db), countryName: 'Islanda audit', shippingPrice: 12 },
  }),
  'catalogAdmin.deleteCountry': async (w) => ({ trpc: { id: await createCountry(w.t.db) } }),
  'discounts.createProductDiscount': async (w) => ({
    trpc: { ...w.window, discountPercentage: 10, productIDs: [await w.product()] },
  }),
  'discounts.updateProductDiscount': async (w) => {
    const productIDs = [await w.product()];
    const id = await createProductDiscount(w.t.db, { productIds: productIDs });
    return { trpc: { productDiscountID: id, ...w.window, discountPercentage: 20, productIDs } };
  },
  'discounts.deleteProductDiscount': async (w) => ({
    trpc: { id: await createProductDiscount(w.t.db, { productIds: [await w.product()] }) },
  }),
  'discounts.createPromo': (w) => ({
    trpc: { codeName: 'AUDIT10', discountPercentage: 10, ...w.window, applicableProductIDs: [] },
  }),
  'discounts.updatePromo': async (w) => ({
    trpc: {
      promoCodeDiscountID: await createPromoCode(w.t.db),
      codeName: 'AUDIT20',
      discountPercentage: 20,
      ...w.window,
      applicableProductIDs: [],
    },
  }),
  'discounts.deletePromo': async (w) => ({ trpc: { id: await createPromoCode(w.t.db) } }),
  'orders.toggleStatus': async (w) => ({ trpc: { id: await insertOrder(w.t.db) } }),
  'orders.cancel': async (w) => ({ trpc: { id: await insertOrder(w.t.db) } }),
  'orders.markReturned': async (w) => ({ trpc: { id: await insertOrder(w.t.db, { status: 'delivered' }) } }),
  'orders.remove': async (w) => ({ trpc: { id: await insertOrder(w.t.db) } }),
  'orders.placeManual': async (w) => {
    const { variantIds } = await createProduct(w.t.db, { variants: [{ sizeId: w.size, colorId: w.colour, stock: 5 }] });
    return {
      trpc: {
        customerDetails: {
          firstName: 'Vesa',
          lastName: 'Krasniqi',
          phoneNumber: '044 321 654',
          address: 'Rr. Dardania 4',
          city: 'Prizren',
          zipCode: '20000',
          countryID: w.country,
        },
        cartItems: [{ productVariantId: variantIds[0], quantity: 1 }],
        promoCode: null,
      },
    };
  },
  'users.create': () => ({
    trpc: {
      firstName: 'Arta',
      lastName: 'Gashi',
      email: 'arta.audit@example.com',
      phoneNumber: '+38344111222',
      password: 'Sekret#2026x',
      roleID: 2,
    },
  }),
  'users.update': async (w) => ({
    trpc: {
      userID: (await createAdmin(w.t)).userId,
      firstName: 'Blerta',
      lastName: 'Hoxha',
      email: `blerta.${Date.now()}@example.com`,
      phoneNumber: '+38344111333',
      roleID: 1,
    },
  }),
  'users.remove': async (w) => ({ trpc: { id: (await createAdmin(w.t)).userId } }),
  'catalogAdmin.saveSizeGuide': (w) => ({
    trpc: { scope: 'category', targetID: w.category, columns: ['Gjoksi'], rows: [{ sizeID: w.size, values: ['90'] }] },
  }),
  'catalogAdmin.deleteSizeGuide': async (w) => {
    const targetID = await w.product();
    const guide = { columns_json: '["Beli"]', rows_json: '[]', note: '', updated_at: new Date().toISOString() };
    await w.t.db
      .insertInto('size_guides')
      .values({ product_id: targetID, ...guide })
      .execute();
    return { trpc: { scope: 'product', targetID } };
  },
  'catalogAdmin.createLook': async (w) => ({
    rest: '/api/Looks',
    method: 'POST',
    json: { name: 'Stil', discountPercentage: 10, productIDs: [await w.product(), await w.product()] },
  }),
  'catalogAdmin.updateLook': async (w) => ({
    trpc: {
      lookID: await w.look(),
      name: 'Stil i ri',
      discountPercentage: null,
      productIDs: [await w.product(), await w.product()],
    },
  }),
  'catalogAdmin.deleteLook': async (w) => ({ trpc: { lookID: await w.look() } }),
  'catalogAdmin.setLookPhoto': async (w) => {
    const form = new FormData();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#654321' } })
      .png()
      .toBuffer();
    form.append('photo', new File([new Uint8Array(png)], 'stil.png', { type: 'image/png' }));
    return { rest: `/api/Looks/${await w.look()}/photo`, method: 'POST', body: form };
  },
  'catalogAdmin.removeLookPhoto': async (w) => ({ trpc: { lookID: await w.look() } }),
  'catalogAdmin.stockCount': async (w) => ({
    rest: '/api/Stock/Count',
    method: 'POST',
    json: { note: 'Numërim audit', counts: [{ variantID: await w.variant(), counted: 9 }] },
  }),
  'catalogAdmin.setVariantThreshold': async (w) => ({ trpc: { variantID: await w.variant(), threshold: 4 } }),
  'catalogAdmin.setShopThreshold': () => ({ trpc: { threshold: 5 } }),
  'orders.confirm': async (w) => ({ trpc: { id: await insertOrder(w.t.db) } }),
  'orders.release': async (w) => {
    const id = await insertOrder(w.t.db);
    await w.t.db.updateTable('orders').set({ held_at: new Date().toISOString() }).where('order_id', '=', id).execute();
    return { trpc: { id } };
  },
  'orders.recordDeposit': async (w) => ({
    trpc: { id: await insertOrder(w.t.db, { totalCents: 2000 }), amount: '0,50' },
  }),
  'codRisk.setRule': () => ({ trpc: { threshold: 3 } }),
  'codRisk.block': () => ({ trpc: { phone: `+38344${String(++phones).padStart(6, '0')}`, note: 'Refuzoi dy herë' } }),
  'codRisk.unblock': async (w) => {
    const phone = `+38344${String(++phones).padStart(6, '0')}`;
    await w.t.db.insertInto('blocked_phones').values({ phone, blocked_at: new Date().toISOString() }).execute();
    return { trpc: { phone } };
  },
  'orders.noAnswer': async (w) => ({ trpc: { id: await insertOrder(w.t.db) } }),
  'orders.pack': async (w) => ({ trpc: { id: await w.orderAt('confirmed') } }),
  'orders.ship': async (w) => ({
    trpc: { id: await w.orderAt('packed'), courierId: await w.courier(), trackingNumber: 'PE-AUDIT1' },
  }),
  'orders.addNote': async (w) => ({ trpc: { id: await insertOrder(w.t.db), body: 'Klientja thirri, vjen nesër.' } }),
  'orders.edit': async (w) => {
    const variantId = await w.variant();
    const { orderId } = await placeCheckoutOrder(w.t, { countryId: w.country, items: [{ variantId }] });
    return { trpc: { id: orderId, lines: [{ productVariantId: variantId, quantity: 2 }] } };
  },
  'orders.createCourier': () => ({
    trpc: { name: 'Korrier audit', trackingUrlPattern: 'https://k.example/{tracking}' },
  }),
  'orders.updateCourier': async (w) => ({
    trpc: { courierId: await w.courier(), name: 'Korrier tjetër audit', trackingUrlPattern: null },
  }),
  'orders.deleteCourier': async (w) => ({ trpc: { courierId: await w.courier() } }),
  // Returns and exchanges (decision 235): a request at the state each step moves from.
  'returns.approve': async (w) => ({ trpc: { id: await returnAt(w, 'requested') } }),
  'returns.receive': async (w) => ({ trpc: { id: await returnAt(w, 'approved') } }),
  'returns.refuse': async (w) => ({ trpc: { id: await returnAt(w, 'requested'), reason: 'Jashtë afatit.' } }),
  'returns.refund': async (w) => ({ trpc: { id: await returnAt(w, 'received'), method: 'cash', amount: 5 } }),
  'returns.sendExchange': async (w) => ({ trpc: { id: await returnAt(w, 'received', 'exchange') } }),
  'users.endAllSessions': async (w) => ({ trpc: { id: (await createAdmin(w.t)).userId } }),
  // Turning it off: turning it on asks for the administrator's own second factor first.
  'secondFactor.updateSettings': () => ({ trpc: { requireStaffSecondFactor: false } }),
  'secondFactor.resetUser': async (w) => ({ trpc: { id: (await createAdmin(w.t)).userId } }),
  'backInStock.dismiss': async (w) => {
    const { variantIds } = await createProduct(w.t.db, { variants: [{ stock: 0 }] });
    await w.t.db
      .insertInto('back_in_stock_requests')
      .values({
        variant_id: variantIds[0]!,
        email: 'pret@example.com',
        status: 'open',
        created_at: new Date().toISOString(),
      })
      .execute();
    return { trpc: { variantID: variantIds[0]! } };
  },
  'reviews.approve': async (w) => ({ trpc: { id: await w.review('pending') } }),
  'reviews.hide': async (w) => ({ trpc: { id: await w.review('approved') } }),
  'reviews.reply': async (w) => ({ trpc: { id: await w.review('approved'), reply: 'Faleminderit!' } }),
  'storeCredit.adjust': async (w) => ({
    trpc: { userId: (await createCustomer(w.t)).userId, action: 'add', amount: 5, note: 'Falje për vonesën' },
  }),
  'giftCards.issue': () => ({ trpc: { amount: 25, recipientName: 'Arbëresha', message: 'Gëzuar!' } }),
  'giftCards.adjust': async (w) => {
    const card = await w.t.db.transaction().execute((trx) =>
      writeCard(trx, w.t.config.keys, {
        cents: 1000,
        expiresOn: null,
        recipientName: 'Ema',
        recipientEmail: null,
        message: '',
        staffUserId: null,
      }),
    );
    return { trpc: { giftCardId: card!.id, action: 'add', amount: 5, note: 'Falje' } };
  },
  'outbox.resend': async (w) => ({ trpc: { id: await createOutboxMail(w.t.db, { status: 'failed', attempts: 5 }) } }),
};

let couriers = 0;
let phones = 0;

/** A delivered order's return request (an exchange for the product's second size), moved to `state`. */
async function returnAt(
  w: World,
  state: 'requested' | 'approved' | 'received',
  kind: 'return' | 'exchange' = 'return',
) {
  const { variantIds } = await createProduct(w.t.db, { variants: [{ stock: 5 }, { stock: 5 }] });
  const o = await placeCheckoutOrder(w.t, {
    countryId: w.country,
    items: [{ variantId: variantIds[0]!, quantity: 2 }],
  });
  await w.t.db
    .updateTable('orders')
    .set({ status: 'delivered', order_ship_date: new Date().toISOString() })
    .where('order_id', '=', o.orderId)
    .execute();
  const line = { orderDetailsId: o.lines[0]!.orderDetailsId, quantity: 1, exchangeVariantId: variantIds[1]! };
  const input = { orderId: o.orderId, guestId: o.guestId, kind, reason: 'too_small', lines: [line] };
  const res = await w.t.request('/api/returns', { method: 'POST', json: input });
  const { returnRequestId } = (await res.json()) as { returnRequestId: number };
  await w.t.db.updateTable('return_requests').set({ state }).where('return_request_id', '=', returnRequestId).execute();
  return returnRequestId;
}

async function makeWorld(t: TestApp) {
  const categoryName = 'Fustane audit';
  const category = await createCategory(t.db, { name: categoryName });
  const main = (await t.db.selectFrom('main_categories').select('main_category_id').executeTakeFirstOrThrow())
    .main_category_id;
  const sizeName = 'M-audit';
  const colourName = 'Gri audit';
  const size = await createSize(t.db, { name: sizeName });
  const colour = await createColor(t.db, { name: colourName });
  const country = await createCountry(t.db);
  return {
    t,
    category,
    categoryName,
    main,
    size,
    sizeName,
    colour,
    colourName,
    country,
    window: { startDate: '2026-01-01', endDate: '2026-12-31' },
    details: () => ({ name: 'Fustan audit', description: 'Përshkrim', brand: null, categoryID: category, price: 25 }),
    product: async (images?: Array<{ colorId: number; fileName: string }>) =>
      (await createProduct(t.db, { categoryId: category, variants: [{ sizeId: size, colorId: colour }], images }))
        .productId,
    /** A look of two fresh products (decision 276). */
    look: async () => {
      const ids = [
        await createProduct(t.db, { categoryId: category }),
        await createProduct(t.db, { categoryId: category }),
      ];
      const row = await t.db
        .insertInto('looks')
        .values({ name: 'Stil audit', discount_percent: null, updated_at: new Date().toISOString() })
        .returning('look_id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('look_products')
        .values(ids.map((p, position) => ({ look_id: row.look_id, product_id: p.productId, position })))
        .execute();
      return row.look_id;
    },
    variant: async () =>
      (await createProduct(t.db, { categoryId: category, variants: [{ sizeId: size, colorId: colour, stock: 5 }] }))
        .variantIds[0]!,
    /** A live pending order at a stage (decision 229). */
    orderAt: async (stage: 'confirmed' | 'packed') => {
      const id = await insertOrder(t.db);
      await t.db.updateTable('orders').set({ stage }).where('order_id', '=', id).execute();
      return id;
    },
    /** A buyer's review in a state (decision 234). */
    review: async (status: 'pending' | 'approved') =>
      (
        await t.db
          .insertInto('product_reviews')
          .values({
            product_id: (await createProduct(t.db, { categoryId: category })).productId,
            reviewer_key: `email:audit${++couriers}@example.com`,
            author_name: 'Arta K.',
            rating: 5,
            title: 'Shumë mirë',
            body: 'Më pëlqeu shumë.',
            status,
          })
          .returning('review_id')
          .executeTakeFirstOrThrow()
      ).review_id,
    courier: async () =>
      (
        await t.db
          .insertInto('couriers')
          .values({ name: `Korrier ${++couriers}`, tracking_url_pattern: null })
          .returning('courier_id')
          .executeTakeFirstOrThrow()
      ).courier_id,
  };
}

const staffWrites = declaredOperations().filter(
  ({ op }) => op.kind === 'mutation' && (op.access === 'staff' || op.access === 'admin'),
);

describe('every staff write records an audit row', () => {
  let t: TestApp;
  let admin: { userId: number; token: string };
  let world: World;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    world = await makeWorld(t);
  });
  afterAll(() => t.db.destroy());

  it('the registry has staff writes, and every allow-listed one exists', () => {
    expect(staffWrites.length).toBeGreaterThan(40);
    for (const path of Object.keys(NOT_ENTITY_CHANGES)) expect(staffWrites.map((w) => w.path)).toContain(path);
  });

  it.each(staffWrites.map((w) => [w.path] as const))('%s', async (path) => {
    if (NOT_ENTITY_CHANGES[path]) return;
    const fixture = FIXTURES[path];
    expect(fixture, `${path} is a staff write without a fixture in audit-walk.test.ts: add one`).toBeDefined();
    const call = await fixture!(world);
    const before = await auditCount(t);
    const status = await send(t, path, call, admin.token);
    expect(status, `${path} answered ${status}`).toBeLessThan(300);
    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('audit_id')
      .offset(before)
      .limit(1000)
      .execute();
    expect(rows.length, `${path} wrote no audit row`).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.actor_id).toBe(admin.userId);
      expect(r.ip).toBeTruthy();
    }
  });
});

async function auditCount(t: TestApp): Promise<number> {
  const r = await t.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function send(t: TestApp, path: string, call: Call, token: string): Promise<number> {
  if ('trpc' in call) {
    const r = await trpcCall((p, init) => t.request(p, init), path, 'mutation', call.trpc, token);
    if (r.status >= 300) console.error(path, JSON.stringify(r.data ?? r.code));
    return r.status;
  }
  const r = call.body
    ? await t.request(call.rest, { method: call.method, body: call.body, token })
    : await t.request(call.rest, { method: call.method, json: call.json, token });
  if (r.status >= 300) console.error(path, await r.text());
  return r.status;
}
