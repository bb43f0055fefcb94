// HTTP contract of /api/ProductDiscount, /api/Promo and /api/PromoCodeDiscount through the real app and a fresh database.
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { addDays, shopToday } from '#shared/dates';
import { createAdmin, createCustomer, createStaff } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createProduct } from '#server/testing/factories';
import { productById } from '../catalog';

let t: TestApp;
let staff: string;
let admin: string;
let customer: string;
let p1: number;
let p2: number;

const today = shopToday();

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  admin = (await createAdmin(t)).token;
  customer = (await createCustomer(t)).token;
  p1 = (await createProduct(t.db, { name: 'Fustan liri', priceCents: 5000 })).productId;
  p2 = (await createProduct(t.db, { name: 'Xhaketë', priceCents: 8000 })).productId;
});

const json = async (r: Response) => (await r.json()) as any;

describe('roles', () => {
  const routes: Array<[string, string]> = [
    ['GET', '/api/ProductDiscount'],
    ['POST', '/api/ProductDiscount'],
    ['GET', '/api/ProductDiscount/1'],
    ['PUT', '/api/ProductDiscount/1'],
    ['DELETE', '/api/ProductDiscount/1'],
    ['GET', '/api/Promo'],
    ['POST', '/api/Promo'],
    ['GET', '/api/Promo/1'],
    ['DELETE', '/api/Promo/1'],
    ['PUT', '/api/PromoCodeDiscount/1'],
  ];
  it.each(routes)('%s %s: guest 401, customer 403', async (method, path) => {
    expect(
      (await t.request(path, { method, json: method === 'GET' || method === 'DELETE' ? undefined : {} })).status,
    ).toBe(401);
    expect(
      (
        await t.request(path, {
          method,
          token: customer,
          json: method === 'GET' || method === 'DELETE' ? undefined : {},
        })
      ).status,
    ).toBe(403);
  });
  it('staff and administrator both manage discounts', async () => {
    expect((await t.request('/api/ProductDiscount', { token: staff })).status).toBe(200);
    expect((await t.request('/api/Promo', { token: admin })).status).toBe(200);
  });
});

describe('product discounts', () => {
  it('validates creation with the spec messages', async () => {
    const r = await t.request('/api/ProductDiscount', {
      method: 'POST',
      token: staff,
      json: { discountPercentage: 0, startDate: '', endDate: '', productIDs: [] },
    });
    expect(r.status).toBe(400);
    const body = await json(r);
    expect(body.errors.discountPercentage).toEqual([staffMessages.dashboard.percentRange]);
    expect(body.errors.startDate).toEqual([messages.common.required]);
    expect(body.errors.endDate).toEqual([messages.common.required]);
    expect(body.errors.productIDs).toEqual(['Ju lutemi zgjidhni të paktën një produkt.']);
    const over = await json(
      await t.request('/api/ProductDiscount', {
        method: 'POST',
        token: staff,
        json: { discountPercentage: 101, startDate: today, endDate: today, productIDs: [p1] },
      }),
    );
    expect(over.errors.discountPercentage).toEqual([staffMessages.dashboard.percentRange]);
    const frac = await json(
      await t.request('/api/ProductDiscount', {
        method: 'POST',
        token: staff,
        json: { discountPercentage: 12.5, startDate: today, endDate: today, productIDs: [p1] },
      }),
    );
    expect(frac.errors.discountPercentage).toBeDefined();
  });

  it('refuses an end date before the start date, unknown products, impossible dates and malformed JSON', async () => {
    const r = await t.request('/api/ProductDiscount', {
      method: 'POST',
      token: staff,
      json: { discountPercentage: 10, startDate: '2026-05-10', endDate: '2026-05-09', productIDs: [p1] },
    });
    expect(r.status).toBe(400);
    expect((await json(r)).errors.endDate).toEqual([staffMessages.dashboard.endBeforeStart]);
    const unknown = await t.request('/api/ProductDiscount', {
      method: 'POST',
      token: staff,
      json: { discountPercentage: 10, startDate: today, endDate: today, productIDs: [999999] },
    });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).errors.productIDs).toBeDefined();
    const feb = await t.request('/api/ProductDiscount', {
      method: 'POST',
      token: staff,
      json: { discountPercentage: 10, startDate: '2026-02-30', endDate: '2026-03-01', productIDs: [p1] },
    });
    expect(feb.status).toBe(400);
    const bad2 = await t.app.request('/api/ProductDiscount', {
      method: 'POST',
      body: '{nope',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff}` },
    });
    expect(bad2.status).toBe(400);
  });

  it('creates, reads, edits and deletes, and the storefront price follows at once', async () => {
    expect((await productById(t.db, p1)).value.discountedPrice).toBeNull();

    const created = await t.request('/api/ProductDiscount', {
      method: 'POST',
      token: staff,
      json: { discountPercentage: '20', startDate: today, endDate: addDays(today, 5), productIDs: [p1, p1] },
    });
    expect(created.status).toBe(201);
    const d = await json(created);
    expect(d).toMatchObject({ discountPercentage: 20, startDate: today, productIDs: [p1], state: 'active' });
    expect(d.products[0]).toMatchObject({ productID: p1, name: 'Fustan liri', price: 50 });
    expect((await productById(t.db, p1)).value.discountedPrice).toBe(40);

    const got = await json(await t.request(`/api/ProductDiscount/${d.productDiscountID}`, { token: staff }));
    expect(got.productIDs).toEqual([p1]);
    const list = await json(await t.request('/api/ProductDiscount', { token: staff }));
    expect(list.map((x: any) => x.productDiscountID)).toContain(d.productDiscountID);

    const edited = await t.request(`/api/ProductDiscount/${d.productDiscountID}`, {
      method: 'PUT',
      token: staff,
      json: {
        productDiscountID: d.productDiscountID,
        discountPercentage: 50,
        startDate: today,
        endDate: addDays(today, 5),
        productIDs: [p2],
      },
    });
    expect(edited.status).toBe(200);
    expect((await json(edited)).productIDs).toEqual([p2]);
    expect((await productById(t.db, p1)).value.discountedPrice).toBeNull();
    expect((await productById(t.db, p2)).value.discountedPrice).toBe(40);

    // Ending it (end date yesterday) takes the price back at once.
    const ended = await t.request(`/api/ProductDiscount/${d.productDiscountID}`, {
      method: 'PUT',
      token: staff,
      json: { discountPercentage: 50, startDate: addDays(today, -5), endDate: addDays(today, -1), productIDs: [p2] },
    });
    expect((await json(ended)).state).toBe('expired');
    expect((await productById(t.db, p2)).value.discountedPrice).toBeNull();

    const del = await t.request(`/api/ProductDiscount/${d.productDiscountID}`, { method: 'DELETE', token: staff });
    expect(del.status).toBe(204);
    expect((await t.request(`/api/ProductDiscount/${d.productDiscountID}`, { token: staff })).status).toBe(404);
    expect(
      (await t.request(`/api/ProductDiscount/${d.productDiscountID}`, { method: 'DELETE', token: staff })).status,
    ).toBe(404);
  });

  it('edit: 404 for a missing discount, 400 for a body id that contradicts the path, range kept on edit', async () => {
    const body = { discountPercentage: 10, startDate: today, endDate: today, productIDs: [p1] };
    expect((await t.request('/api/ProductDiscount/424242', { method: 'PUT', token: staff, json: body })).status).toBe(
      404,
    );
    const d = await json(await t.request('/api/ProductDiscount', { method: 'POST', token: staff, json: body }));
    expect(
      (
        await t.request(`/api/ProductDiscount/${d.productDiscountID}`, {
          method: 'PUT',
          token: staff,
          json: { ...body, productDiscountID: d.productDiscountID + 1 },
        })
      ).status,
    ).toBe(400);
    const r = await t.request(`/api/ProductDiscount/${d.productDiscountID}`, {
      method: 'PUT',
      token: staff,
      json: { ...body, discountPercentage: 150 },
    });
    expect(r.status).toBe(400);
    const noProducts = await t.request(`/api/ProductDiscount/${d.productDiscountID}`, {
      method: 'PUT',
      token: staff,
      json: { ...body, productIDs: [] },
    });
    expect((await json(noProducts)).errors.productIDs).toEqual(['Ju lutemi zgjidhni të paktën një produkt.']);
    expect((await t.request('/api/ProductDiscount/abc', { token: staff })).status).toBe(400);
  });
});

describe('promo codes', () => {
  it('validates: code required, percentage range, dates', async () => {
    const r = await t.request('/api/Promo', {
      method: 'POST',
      token: staff,
      json: { codeName: '  ', discountPercentage: 10, startDate: today, endDate: today },
    });
    expect(r.status).toBe(400);
    expect((await json(r)).errors.codeName).toEqual(['Kodi promocional është i detyrueshëm.']);
    const r2 = await json(
      await t.request('/api/Promo', {
        method: 'POST',
        token: staff,
        json: { codeName: 'X', discountPercentage: 0, startDate: today, endDate: addDays(today, -1) },
      }),
    );
    expect(r2.errors.discountPercentage).toEqual([staffMessages.dashboard.percentRange]);
    expect(r2.errors.endDate).toEqual([staffMessages.dashboard.endBeforeStart]);
  });

  it('refuses codes with spaces or symbols a shopper could not type back; letters, digits, - and _ pass', async () => {
    for (const codeName of ['DIMRI 15', 'VERA%', 'A.B', 'ZBR/10']) {
      const r = await t.request('/api/Promo', {
        method: 'POST',
        token: staff,
        json: { codeName, discountPercentage: 10, startDate: today, endDate: today },
      });
      expect(r.status, codeName).toBe(400);
      expect((await json(r)).errors.codeName, codeName).toEqual([staffMessages.dashboardSales.promoCodeCharacters]);
    }
    const ok = await t.request('/api/Promo', {
      method: 'POST',
      token: staff,
      json: { codeName: 'DIMRI_15-ËË', discountPercentage: 10, startDate: today, endDate: today },
    });
    expect(ok.status).toBe(201);
  });

  it('creates, refuses a duplicate code regardless of case (409), edits through /PromoCodeDiscount and deletes', async () => {
    const created = await t.request('/api/Promo', {
      method: 'POST',
      token: staff,
      json: {
        codeName: 'VERA20',
        discountPercentage: 20,
        startDate: today,
        endDate: addDays(today, 30),
        applicableProductIDs: [p1],
      },
    });
    expect(created.status).toBe(201);
    const promo = await json(created);
    expect(promo).toMatchObject({
      codeName: 'VERA20',
      discountPercentage: 20,
      applicableProductIDs: [p1],
      state: 'active',
      timesUsed: 0,
    });
    expect(promo.products[0].productID).toBe(p1);

    const dup = await t.request('/api/Promo', {
      method: 'POST',
      token: admin,
      json: { codeName: 'vera20', discountPercentage: 5, startDate: today, endDate: today },
    });
    expect(dup.status).toBe(409);
    expect((await json(dup)).Message).toBe(staffMessages.dashboard.promoCodeTaken);

    const all = await t.request('/api/Promo', {
      method: 'POST',
      token: staff,
      json: { codeName: 'TE-GJITHA', discountPercentage: 5, startDate: addDays(today, 3), endDate: addDays(today, 4) },
    });
    const allPromo = await json(all);
    expect(allPromo).toMatchObject({ applicableProductIDs: [], state: 'scheduled' });

    // Renaming onto another code's name conflicts; keeping its own name does not.
    const clash = await t.request(`/api/PromoCodeDiscount/${allPromo.promoCodeDiscountID}`, {
      method: 'PUT',
      token: staff,
      json: {
        promoCodeDiscountID: allPromo.promoCodeDiscountID,
        codeName: 'Vera20',
        discountPercentage: 5,
        startDate: today,
        endDate: today,
        applicableProductIDs: [],
      },
    });
    expect(clash.status).toBe(409);

    const edited = await t.request(`/api/PromoCodeDiscount/${promo.promoCodeDiscountID}`, {
      method: 'PUT',
      token: staff,
      json: {
        promoCodeDiscountID: promo.promoCodeDiscountID,
        codeName: 'VERA20',
        discountPercentage: 25,
        startDate: today,
        endDate: addDays(today, 10),
        applicableProductIDs: [p1, p2],
      },
    });
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({ discountPercentage: 25, applicableProductIDs: [p1, p2] });
    expect(
      (await json(await t.request(`/api/Promo/${promo.promoCodeDiscountID}`, { token: staff }))).discountPercentage,
    ).toBe(25);

    expect(
      (
        await t.request('/api/PromoCodeDiscount/999999', {
          method: 'PUT',
          token: staff,
          json: { codeName: 'NEW', discountPercentage: 5, startDate: today, endDate: today },
        })
      ).status,
    ).toBe(404);

    expect(
      (await t.request(`/api/Promo/${promo.promoCodeDiscountID}`, { method: 'DELETE', token: staff })).status,
    ).toBe(204);
    expect((await t.request(`/api/Promo/${promo.promoCodeDiscountID}`, { token: staff })).status).toBe(404);
    // The code is free again once deleted.
    expect(
      (
        await t.request('/api/Promo', {
          method: 'POST',
          token: staff,
          json: { codeName: 'vera20', discountPercentage: 5, startDate: today, endDate: today },
        })
      ).status,
    ).toBe(201);
  });

  it('the picker lists products over tRPC for staff only', async () => {
    const r = await t.request('/api/trpc/discounts.pickerProducts', { token: staff });
    expect(r.status).toBe(200);
    const body = await json(r);
    expect(body.result.data.json.map((p: any) => p.productID)).toEqual(expect.arrayContaining([p1, p2]));
    expect((await t.request('/api/trpc/discounts.pickerProducts', { token: customer })).status).toBe(403);
  });
});
