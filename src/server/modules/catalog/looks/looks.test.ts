// Looks (issue 37, decision 276) through the real app, on SQLite and (npm run test:pg) PostgreSQL: staff create, edit
// and delete looks on both doors and nobody else may; the product page's read answers every look holding the product
// with each piece in full (one query for the looks and their pieces) and follows edits at once (catalogue cache);
// the looks page lists them; a hidden product is left out of a look and its own read is 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { ProductLookReply, StaffLookReply } from '#shared/dto/looks';
import { staffMessages } from '#shared/messages-staff';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createProduct, createSize } from '#server/testing/factories';
import { trpcCall } from '#server/testing/trpc';
import * as q from './looks.queries';

const m = staffMessages.looks;
let t: TestApp;
let staff: string;
let shopper: string;
let dress: number;
let bag: number;
let shoes: number;
let hidden: number;
let sizeM: number;

const call = (path: string, kind: 'query' | 'mutation', input: unknown, token?: string) =>
  trpcCall((p, init) => t.request(p, init), path, kind, input, token);
const json = async (res: Response) => (await res.json()) as any;
const productLooks = async (id: number) => {
  const r = await t.request(`/api/Product/${id}/Looks`);
  return { status: r.status, body: (await r.json()) as any };
};

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  shopper = (await createCustomer(t)).token;
  sizeM = await createSize(t.db, { name: 'M' });
  dress = (await createProduct(t.db, { name: 'Fustan', priceCents: 4990, variants: [{ sizeId: sizeM, stock: 3 }] }))
    .productId;
  bag = (await createProduct(t.db, { name: 'Çantë', priceCents: 2990 })).productId;
  shoes = (await createProduct(t.db, { name: 'Këpucë', priceCents: 3990, variants: [{ stock: 0 }] })).productId;
  hidden = (await createProduct(t.db, { name: 'Fshehur', isActive: false })).productId;
});

describe('looks: staff CRUD and roles', () => {
  let lookId: number;

  it('a guest is 401 and a shopper 403 on both doors; nothing is written', async () => {
    const body = { name: 'Mbrëmje', discountPercentage: 10, productIDs: [dress, bag] };
    expect((await t.request('/api/Looks', { method: 'POST', json: body })).status).toBe(401);
    expect((await t.request('/api/Looks', { method: 'POST', json: body, token: shopper })).status).toBe(403);
    expect((await call('catalogAdmin.createLook', 'mutation', body, shopper)).status).toBe(403);
    expect((await t.request('/api/StaffLooks', { token: shopper })).status).toBe(403);
    expect(await t.db.selectFrom('looks').select('look_id').execute()).toEqual([]);
  });

  it('staff create a look (REST 201), read it back; bad input is 400 with field messages', async () => {
    const res = await t.request('/api/Looks', {
      method: 'POST',
      token: staff,
      json: { name: ' Mbrëmje ', discountPercentage: '10', productIDs: [dress, bag, shoes] },
    });
    expect(res.status).toBe(201);
    const look = await json(res);
    expect(StaffLookReply.safeParse(look).success).toBe(true);
    expect(look).toMatchObject({ name: 'Mbrëmje', discountPercentage: 10, photoURL: null });
    expect(look.pieces.map((p: { productID: number }) => p.productID)).toEqual([dress, bag, shoes]);
    lookId = look.lookID;
    const bad = await t.request('/api/Looks', {
      method: 'POST',
      token: staff,
      json: { name: '', discountPercentage: 50, productIDs: [dress, dress] },
    });
    expect(bad.status).toBe(400);
    const errors = (await json(bad)).errors;
    expect(errors.name).toEqual([m.nameRequired]);
    expect(errors.discountPercentage).toEqual([m.discountInvalid]);
    expect(errors['productIDs.1']).toEqual([m.pieceTwice]);
    const unknown = await call(
      'catalogAdmin.createLook',
      'mutation',
      { name: 'X', productIDs: [dress, 999999] },
      staff,
    );
    expect(unknown.status).toBe(400);
    expect((await t.request('/api/StaffLooks/999999', { token: staff })).status).toBe(404);
  });

  it('the product page reads every piece in full, one query for looks and pieces; the looks page lists it', async () => {
    const { status, body } = await productLooks(bag);
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(ProductLookReply.safeParse(body[0]).success).toBe(true);
    expect(body[0].pieces.map((p: { productID: number }) => p.productID)).toEqual([dress, bag, shoes]);
    expect(body[0].pieces[0].productVariants[0]).toMatchObject({ sizeID: sizeM, stockQuantity: 3 });
    expect(body[0].pieces[2].stockQuantity).toBe(0); // a sold-out piece is shown (it offers back-in-stock)
    // One query answers every look holding the product and all their pieces.
    const rows = await q.looksOfProductRows(t.db, bag);
    expect(rows.map((r) => r.product_id)).toEqual([dress, bag, shoes]);
    const page = await json(await t.request('/api/Looks'));
    expect(page.find((l: { lookID: number }) => l.lookID === lookId).pieces).toHaveLength(3);
    expect((await call('catalog.productLooks', 'query', { productID: dress })).data).toHaveLength(1);
  });

  it('an edit shows on the next read (cache): pieces and discount change; a hidden piece is left out', async () => {
    await productLooks(dress); // cached
    const res = await t.request(`/api/Looks/${lookId}`, {
      method: 'PUT',
      token: staff,
      json: { name: 'Mbrëmje e verës', discountPercentage: '', productIDs: [dress, hidden, bag] },
    });
    expect(res.status).toBe(200);
    const { body } = await productLooks(dress);
    expect(body[0]).toMatchObject({ name: 'Mbrëmje e verës', discountPercentage: null });
    expect(body[0].pieces.map((p: { productID: number }) => p.productID)).toEqual([dress, bag]);
    expect((await productLooks(shoes)).body).toEqual([]);
    expect((await productLooks(hidden)).status).toBe(404);
  });

  it('a product edit (stock or price) shows in its looks at once', async () => {
    await productLooks(dress);
    await t.db.updateTable('products').set({ price_cents: 5990 }).where('product_id', '=', bag).execute();
    expect((await productLooks(dress)).body[0].pieces[1].price).toBe(59.9);
  });

  it('staff delete a look (tRPC), a second delete is 404; the products stay', async () => {
    const del = await call('catalogAdmin.deleteLook', 'mutation', { lookID: lookId }, staff);
    expect(del.status).toBe(200);
    expect((await call('catalogAdmin.deleteLook', 'mutation', { lookID: lookId }, staff)).status).toBe(404);
    expect((await productLooks(dress)).body).toEqual([]);
    expect(await t.db.selectFrom('look_products').select('product_id').execute()).toEqual([]);
    expect((await t.request(`/api/Product/${bag}`)).status).toBe(200);
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'look').execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });
});
