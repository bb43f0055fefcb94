// HTTP contract of the staff catalogue through the real app: role checks on every route, CRUD with bad input
// and conflicts, image uploads checked by content, and product deletion that leaves orders intact.
import { serverErrorMessages } from '#shared/messages/server-errors';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCustomer, createStaff, createAdmin } from '#server/testing/auth';
import {
  createCategory,
  createColor,
  createCountry,
  createEvent,
  createProduct,
  createSize,
  insertOrder,
} from '#server/testing/factories';

let t: TestApp;
let staff: string;
let admin: string;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  admin = (await createAdmin(t)).token;
  customer = (await createCustomer(t)).token;
});

const png = async (hex = '#B4475D', w = 64, h = 48) =>
  new Uint8Array(
    await sharp({ create: { width: w, height: h, channels: 3, background: hex } })
      .png()
      .toBuffer(),
  );
const json = async (r: Response) => (await r.json()) as any;

function multipart(pathname: string, form: FormData, token?: string) {
  const headers = new Headers();
  if (token) headers.set('authorization', `Bearer ${token}`);
  return t.app.request(pathname, { method: 'POST', body: form, headers });
}

async function countRows() {
  const tables = [
    'products',
    'product_variants',
    'product_images',
    'categories',
    'colors',
    'sizes',
    'events',
    'countries',
  ] as const;
  const out: Record<string, number> = {};
  for (const tb of tables)
    out[tb] = Number(
      (
        await t.db
          .selectFrom(tb)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return out;
}

describe('every staff route refuses guests (401) and customers (403) and changes nothing', () => {
  it('checks the role before reading the body', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 3 }] });
    const cat = await createCategory(t.db);
    const color = await createColor(t.db);
    const size = await createSize(t.db);
    const event = await createEvent(t.db);
    const country = await createCountry(t.db);
    const routes: Array<[string, string, unknown?]> = [
      ['POST', '/api/Product', { name: 'X', price: 1, categoryID: cat }],
      ['PUT', `/api/Product/${p.productId}/Details`, { name: 'X', price: 1, categoryID: cat }],
      ['POST', `/api/Product/${p.productId}/Variants`, [{ sizeID: size, colorID: color, stockQuantity: 1 }]],
      [
        'PUT',
        `/api/Product/${p.productId}/Variants`,
        [{ variantID: p.variantIds[0], sizeID: size, colorID: color, stockQuantity: 1 }],
      ],
      ['POST', `/api/Product/${p.productId}/Images`, {}],
      ['DELETE', `/api/Product/${p.productId}/Images/abc.webp`],
      ['PUT', `/api/Product/${p.productId}/Feature`, { isFeatured: true }],
      ['DELETE', `/api/Product/${p.productId}`],
      ['POST', '/api/Category', { categoryName: 'A', description: 'B', mainCategoryID: 1 }],
      ['PUT', `/api/Category/${cat}`, { categoryName: 'A', description: 'B', mainCategoryID: 1 }],
      ['PUT', '/api/Category', { categoryID: cat, categoryName: 'A', description: 'B', mainCategoryID: 1 }],
      ['DELETE', `/api/Category/${cat}`],
      ['POST', '/api/Color', { colorName: 'Z', hexCode: '#000000' }],
      ['POST', '/api/Color/detect-colors', {}],
      ['PUT', `/api/Color/${color}`, { colorName: 'Z', hexCode: '#000000' }],
      ['DELETE', `/api/Color/${color}`],
      ['GET', `/api/Size/${size}`],
      ['POST', '/api/Size', { sizeName: 'Q' }],
      ['PUT', `/api/Size/${size}`, { sizeName: 'Q' }],
      ['DELETE', `/api/Size/${size}`],
      ['GET', `/api/Event/${event}`],
      ['POST', '/api/Event', { eventName: 'Q' }],
      ['PUT', `/api/Event/${event}`, { eventName: 'Q' }],
      ['DELETE', `/api/Event/${event}`],
      ['GET', '/api/Countries'],
      ['GET', `/api/Countries/${country}`],
      ['POST', '/api/Countries', { countryName: 'Q', shippingPrice: 1 }],
      ['PUT', `/api/Countries/${country}`, { countryName: 'Q', shippingPrice: 1 }],
      ['DELETE', `/api/Countries/${country}`],
    ];
    const before = await countRows();
    for (const [method, url, body] of routes) {
      const guest = await t.request(url, { method, json: body });
      expect(guest.status, `${method} ${url} as guest`).toBe(401);
      const cust = await t.request(url, { method, json: body, token: customer });
      expect(cust.status, `${method} ${url} as customer`).toBe(403);
      expect((await json(cust)).Message).toBe(serverErrorMessages.forbidden);
    }
    // A forged token is a guest.
    expect((await t.request('/api/Size', { method: 'POST', json: { sizeName: 'F' }, token: 'x.y.z' })).status).toBe(
      401,
    );
    expect(await countRows()).toEqual(before);
    const row = await t.db
      .selectFrom('products')
      .select(['name', 'is_featured'])
      .where('product_id', '=', p.productId)
      .executeTakeFirstOrThrow();
    expect(row.is_featured).toBe(0);
  });

  it('refuses the staff tRPC procedures too', async () => {
    const r = await t.request('/api/trpc/catalogAdmin.createSize', {
      method: 'POST',
      json: { json: { sizeName: 'T1' } },
      token: customer,
    });
    expect(r.status).toBe(403);
    const g = await t.request('/api/trpc/catalogAdmin.productPage');
    expect(g.status).toBe(401);
    expect(
      await t.db.selectFrom('sizes').select('size_id').where('size_name', '=', 'T1').executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('products', () => {
  it('creates from multipart, sets dateAdded to today, stores events, omits an empty brand', async () => {
    const cat = await createCategory(t.db, { mainCategoryID: 2 });
    const e1 = await createEvent(t.db);
    const e2 = await createEvent(t.db);
    const form = new FormData();
    form.set('name', 'Fustan mëndafshi');
    form.set('barcode', '1234567890123');
    form.set('description', 'I lehtë');
    form.set('categoryID', String(cat));
    form.set('price', '49.90');
    form.set('brand', '');
    form.set('dateAdded', '1999-01-01');
    form.set('isActive', 'true');
    form.append('eventIDs', String(e1));
    form.append('eventIDs', String(e2));
    const r = await multipart('/api/Product', form, staff);
    expect(r.status).toBe(201);
    const { productID } = await json(r);
    const row = await t.db
      .selectFrom('products')
      .selectAll()
      .where('product_id', '=', productID)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Fustan mëndafshi',
      price_cents: 4990,
      brand: null,
      is_active: 1,
      category_id: cat,
    });
    expect(row.date_added).not.toBe('1999-01-01');
    expect(row.date_added).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const ev = await t.db.selectFrom('product_events').select('event_id').where('product_id', '=', productID).execute();
    expect(ev.map((x) => x.event_id).sort()).toEqual([e1, e2].sort());
  });

  it('reads a price typed with a decimal comma or point, and grouped thousands, the same on both doors', async () => {
    const cat = await createCategory(t.db);
    const priceOf = async (productID: number) =>
      (
        await t.db
          .selectFrom('products')
          .select('price_cents')
          .where('product_id', '=', productID)
          .executeTakeFirstOrThrow()
      ).price_cents;
    for (const [typed, cents] of [
      ['59,90', 5990],
      ['59.90', 5990],
      ['1.234,50', 123450],
      ['59,90 €', 5990],
    ] as const) {
      const form = new FormData();
      form.set('name', `Krem ${typed}`);
      form.set('categoryID', String(cat));
      form.set('price', typed);
      const r = await multipart('/api/Product', form, staff);
      expect(r.status, typed).toBe(201);
      expect(await priceOf((await json(r)).productID), typed).toBe(cents);
      const viaJson = await t.request('/api/Product', {
        method: 'POST',
        json: { name: `Parfum ${typed}`, categoryID: cat, price: typed },
        token: staff,
      });
      expect(viaJson.status, typed).toBe(201);
      expect(await priceOf((await json(viaJson)).productID), typed).toBe(cents);
    }
    const ambiguous = await t.request('/api/Product', {
      method: 'POST',
      json: { name: 'Shampo', categoryID: cat, price: '1.234' },
      token: staff,
    });
    expect(ambiguous.status).toBe(400);
    expect((await json(ambiguous)).errors.price).toEqual([staffMessages.dashboard.priceInvalid]);
  });

  it('answers 400 with field messages for missing name, price and category', async () => {
    const r = await t.request('/api/Product', { method: 'POST', json: { name: ' ', price: '' }, token: staff });
    expect(r.status).toBe(400);
    const body = await json(r);
    expect(body.errors.name).toEqual([staffMessages.dashboard.nameRequired]);
    expect(body.errors.price).toEqual([staffMessages.dashboard.priceRequired]);
    expect(body.errors.categoryID).toEqual([staffMessages.dashboard.subCategoryRequired]);
    const neg = await t.request('/api/Product', {
      method: 'POST',
      json: { name: 'A', price: -1, categoryID: 1 },
      token: staff,
    });
    expect((await json(neg)).errors.price).toEqual([staffMessages.dashboard.priceInvalid]);
    const unknownCat = await t.request('/api/Product', {
      method: 'POST',
      json: { name: 'A', price: 1, categoryID: 999999 },
      token: staff,
    });
    expect(unknownCat.status).toBe(400);
    expect((await json(unknownCat)).errors.categoryID).toEqual([staffMessages.dashboard.unknownCategory]);
  });

  it('updates details, adds and updates variants, toggles feature', async () => {
    const p = await createProduct(t.db, { priceCents: 1000, variants: [{ stock: 1 }] });
    const cat = await createCategory(t.db);
    const d = await t.request(`/api/Product/${p.productId}/Details`, {
      method: 'PUT',
      token: admin,
      json: { name: 'I ri', price: 12.5, categoryID: cat, brand: 'Zara', isActive: false },
    });
    expect(d.status).toBe(200);
    const row = await t.db
      .selectFrom('products')
      .selectAll()
      .where('product_id', '=', p.productId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'I ri', price_cents: 1250, brand: 'Zara', is_active: 0, category_id: cat });

    const s = await createSize(t.db);
    const c = await createColor(t.db);
    const add = await t.request(`/api/Product/${p.productId}/Variants`, {
      method: 'POST',
      token: staff,
      json: [{ sizeID: s, colorID: c, stockQuantity: 4 }],
    });
    expect(add.status).toBe(201);
    const again = await t.request(`/api/Product/${p.productId}/Variants`, {
      method: 'POST',
      token: staff,
      json: [{ sizeID: s, colorID: c, stockQuantity: 1 }],
    });
    expect(again.status).toBe(409);
    expect((await json(again)).Message).toBe(staffMessages.dashboard.duplicateVariant);
    const neg = await t.request(`/api/Product/${p.productId}/Variants`, {
      method: 'POST',
      token: staff,
      json: [{ sizeID: s, colorID: c, stockQuantity: -1 }],
    });
    expect(neg.status).toBe(400);
    expect((await json(neg)).errors['0.stockQuantity']).toEqual([staffMessages.dashboard.stockMin]);

    const put = await t.request(`/api/Product/${p.productId}/Variants`, {
      method: 'PUT',
      token: staff,
      json: [{ variantID: p.variantIds[0], sizeID: s, colorID: c, stockQuantity: 9 }],
    });
    expect(put.status).toBe(409); // that pair is now taken by the new variant
    const other = await createProduct(t.db);
    const foreign = await t.request(`/api/Product/${p.productId}/Variants`, {
      method: 'PUT',
      token: staff,
      json: [{ variantID: other.variantIds[0], sizeID: s, colorID: c, stockQuantity: 9 }],
    });
    expect(foreign.status).toBe(400);
    const v0 = await t.db
      .selectFrom('product_variants')
      .select(['size_id', 'color_id'])
      .where('variant_id', '=', p.variantIds[0]!)
      .executeTakeFirstOrThrow();
    const ok = await t.request(`/api/Product/${p.productId}/Variants`, {
      method: 'PUT',
      token: staff,
      json: [{ variantID: p.variantIds[0], sizeID: v0.size_id, colorID: v0.color_id, stockQuantity: 9 }],
    });
    expect(ok.status).toBe(200);
    expect(
      (
        await t.db
          .selectFrom('product_variants')
          .select('stock_quantity')
          .where('variant_id', '=', p.variantIds[0]!)
          .executeTakeFirstOrThrow()
      ).stock_quantity,
    ).toBe(9);

    const f = await t.request(`/api/Product/${p.productId}/Feature`, {
      method: 'PUT',
      token: staff,
      json: { isFeatured: true },
    });
    expect(await json(f)).toEqual({ productID: p.productId, isFeatured: true });
    expect(
      (await t.request('/api/Product/999999/Feature', { method: 'PUT', token: staff, json: { isFeatured: true } }))
        .status,
    ).toBe(404);
    expect((await t.request('/api/Product/abc/Details', { method: 'PUT', token: staff, json: {} })).status).toBe(400);
  });

  it('deleting a product in an order keeps the order and its line snapshot', async () => {
    const p = await createProduct(t.db, { name: 'Xhaketë', variants: [{ stock: 5 }] });
    const order = {
      order_id: await insertOrder(t.db, {
        date: '2026-01-02',
        lines: [
          {
            productId: p.productId,
            variantId: p.variantIds[0]!,
            name: 'Xhaketë',
            color: 'E kuqe',
            size: 'M',
            qty: 1,
            unitCents: 2000,
          },
        ],
      }),
    };
    const r = await t.request(`/api/Product/${p.productId}`, { method: 'DELETE', token: staff });
    expect(r.status).toBe(200);
    expect(
      await t.db.selectFrom('products').select('product_id').where('product_id', '=', p.productId).executeTakeFirst(),
    ).toBeUndefined();
    const line = await t.db
      .selectFrom('order_details')
      .selectAll()
      .where('order_id', '=', order.order_id)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({
      product_name: 'Xhaketë',
      color: 'E kuqe',
      size: 'M',
      quantity: 1,
      unit_price_cents: 2000,
      product_id: null,
      variant_id: null,
    });
    expect((await t.request(`/api/Product/${p.productId}`, { method: 'DELETE', token: staff })).status).toBe(404);
  });
});

describe('image uploads', () => {
  async function productWithColor() {
    const color = await createColor(t.db);
    const p = await createProduct(t.db, { variants: [{ colorId: color }] });
    return { productId: p.productId, color };
  }
  const storedNames = (productId: number) =>
    t.db
      .selectFrom('product_images')
      .select(['file_name', 'color_id', 'sort_order'])
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .execute();

  it('stores real images as WebP under generated names, ignoring a hostile file name', async () => {
    const { productId, color } = await productWithColor();
    const form = new FormData();
    form.set('images[0].colorID', String(color));
    form.append(
      'images[0].imageFiles',
      new File([await png('#123456', 1600, 1200)], '../../../../etc/passwd.png', { type: 'image/png' }),
    );
    form.append(
      'images[0].imageFiles',
      new File(
        [
          new Uint8Array(
            await sharp({ create: { width: 30, height: 30, channels: 3, background: '#fff' } })
              .jpeg()
              .toBuffer(),
          ),
        ],
        'a/b\\c.jpg',
        { type: 'text/plain' },
      ),
    );
    const r = await multipart(`/api/Product/${productId}/Images`, form, staff);
    expect(r.status).toBe(200);
    const body = await json(r);
    expect(body.images).toHaveLength(1);
    expect(body.images[0].colorID).toBe(color);
    expect(body.images[0].imageURLs).toHaveLength(2);
    const rows = await storedNames(productId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.file_name).toMatch(/^[a-f0-9]{24}\.webp$/);
      const large = path.join(t.config.uploadsDir, row.file_name);
      const small = path.join(t.config.uploadsDir, 'w400', row.file_name);
      expect((await sharp(large).metadata()).format).toBe('webp');
      expect((await sharp(small).metadata()).width).toBeLessThanOrEqual(400);
    }
    expect((await sharp(path.join(t.config.uploadsDir, rows[0]!.file_name)).metadata()).width).toBe(1000);
    // Nothing named after the client's file appeared anywhere.
    expect(fs.readdirSync(t.config.uploadsDir).some((f) => f.includes('passwd'))).toBe(false);
    expect(fs.existsSync(path.resolve(t.config.uploadsDir, '../../../../etc/passwd.png'))).toBe(false);
  });

  it('refuses a text file renamed to .png, an oversized file and too many files, storing nothing', async () => {
    const { productId, color } = await productWithColor();
    const before = fs.readdirSync(t.config.uploadsDir).length;
    const renamed = new FormData();
    renamed.set('images[0].colorID', String(color));
    renamed.append(
      'images[0].imageFiles',
      new File(['just some text, not an image'], 'photo.png', { type: 'image/png' }),
    );
    const r1 = await multipart(`/api/Product/${productId}/Images`, renamed, staff);
    expect(r1.status).toBe(400);
    expect((await json(r1)).Message).toBe(
      fill(staffMessages.dashboard.fileRefused, {
        name: 'photo.png',
        reason: staffMessages.dashboard.imageTypeRejected,
      }),
    );

    const svg = new FormData();
    svg.set('images[0].colorID', String(color));
    svg.append(
      'images[0].imageFiles',
      new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'x.png', {
        type: 'image/png',
      }),
    );
    expect((await multipart(`/api/Product/${productId}/Images`, svg, staff)).status).toBe(400);

    const big = new FormData();
    big.set('images[0].colorID', String(color));
    const huge = new Uint8Array(8 * 1024 * 1024 + 10);
    huge.set(await png());
    big.append('images[0].imageFiles', new File([huge], 'big.png', { type: 'image/png' }));
    const r2 = await multipart(`/api/Product/${productId}/Images`, big, staff);
    expect(r2.status).toBe(413);
    expect((await json(r2)).Message).toBe(
      fill(staffMessages.dashboard.fileRefused, {
        name: 'big.png',
        reason: fill(staffMessages.dashboard.imageTooLarge, { mb: 8 }),
      }),
    );

    const many = new FormData();
    many.set('images[0].colorID', String(color));
    const small = await png();
    for (let i = 0; i < 11; i++)
      many.append('images[0].imageFiles', new File([small], `${i}.png`, { type: 'image/png' }));
    const r3 = await multipart(`/api/Product/${productId}/Images`, many, staff);
    expect(r3.status).toBe(400);
    expect((await json(r3)).Message).toBe(staffMessages.dashboard.tooManyImages.replace('{n}', '10'));

    expect(await storedNames(productId)).toHaveLength(0);
    expect(fs.readdirSync(t.config.uploadsDir).length).toBe(before);
  });

  it('keeps, re-orders and removes existing images, and deletes files of removed images and products', async () => {
    const { productId, color } = await productWithColor();
    const form = new FormData();
    form.set('images[0].colorID', String(color));
    for (const hex of ['#111111', '#222222', '#333333'])
      form.append('images[0].imageFiles', new File([await png(hex)], 'x.png'));
    await multipart(`/api/Product/${productId}/Images`, form, staff);
    const [a, b, c] = (await storedNames(productId)).map((r) => r.file_name);

    const edit = new FormData();
    edit.set('images[0].colorID', String(color));
    edit.set('images[0].existingFiles[0]', `/api/Product/images/${c}`);
    edit.set('images[0].existingFiles[1]', a!);
    edit.set('images[0].removedFiles[0]', `/api/Product/images/${b}`);
    edit.append('images[0].imageFiles', new File([await png('#444444')], 'y.png'));
    const r = await multipart(`/api/Product/${productId}/Images`, edit, staff);
    expect(r.status).toBe(200);
    const rows = await storedNames(productId);
    expect(rows.map((x) => x.file_name).slice(0, 2)).toEqual([c, a]);
    expect(rows).toHaveLength(3);
    expect(fs.existsSync(path.join(t.config.uploadsDir, b!))).toBe(false);
    expect(fs.existsSync(path.join(t.config.uploadsDir, 'w400', b!))).toBe(false);

    // On PostgreSQL there is no database file: a stand-in file takes its place next to the uploads folder.
    if (!fs.existsSync(t.config.databasePath)) fs.writeFileSync(t.config.databasePath, 'stand-in');
    const hostile = await t.request(`/api/Product/${productId}/Images/${encodeURIComponent('../shop.db')}`, {
      method: 'DELETE',
      token: staff,
    });
    expect(hostile.status).toBe(400);
    expect(fs.existsSync(t.config.databasePath)).toBe(true);
    const del = await t.request(`/api/Product/${productId}/Images/${a}`, { method: 'DELETE', token: staff });
    expect(del.status).toBe(200);
    expect(fs.existsSync(path.join(t.config.uploadsDir, a!))).toBe(false);
    expect((await t.request(`/api/Product/${productId}/Images/${a}`, { method: 'DELETE', token: staff })).status).toBe(
      404,
    );

    const remaining = (await storedNames(productId)).map((x) => x.file_name);
    await t.request(`/api/Product/${productId}`, { method: 'DELETE', token: staff });
    for (const f of remaining) expect(fs.existsSync(path.join(t.config.uploadsDir, f))).toBe(false);
  });

  it('refuses an unknown colour and a missing colorID', async () => {
    const { productId } = await productWithColor();
    const form = new FormData();
    form.set('images[0].colorID', '999999');
    form.append('images[0].imageFiles', new File([await png()], 'x.png'));
    expect((await multipart(`/api/Product/${productId}/Images`, form, staff)).status).toBe(400);
    const noColor = new FormData();
    noColor.append('images[0].imageFiles', new File([await png()], 'x.png'));
    expect((await multipart(`/api/Product/${productId}/Images`, noColor, staff)).status).toBe(400);
  });
});

describe('categories', () => {
  it('creates, updates (both PUT forms), validates and refuses to delete a category with products', async () => {
    const bad = await t.request('/api/Category', {
      method: 'POST',
      token: staff,
      json: { categoryName: '', description: '', mainCategoryID: '' },
    });
    expect(bad.status).toBe(400);
    const errs = (await json(bad)).errors;
    expect(errs.categoryName).toEqual([staffMessages.dashboard.categoryNameRequired]);
    expect(errs.description).toEqual([staffMessages.dashboard.descriptionRequired]);
    expect(errs.mainCategoryID).toEqual([staffMessages.dashboard.mainCategoryRequired]);
    expect(
      (
        await t.request('/api/Category', {
          method: 'POST',
          token: staff,
          json: { categoryName: 'A', description: 'B', mainCategoryID: 9 },
        })
      ).status,
    ).toBe(400);

    const r = await t.request('/api/Category', {
      method: 'POST',
      token: staff,
      json: { categoryName: 'Fustane', description: 'Për çdo rast', mainCategoryID: 1 },
    });
    expect(r.status).toBe(201);
    const cat = await json(r);
    expect(cat).toMatchObject({ categoryName: 'Fustane', description: 'Për çdo rast', mainCategoryID: 1 });
    const u1 = await t.request(`/api/Category/${cat.categoryID}`, {
      method: 'PUT',
      token: staff,
      json: { categoryName: 'Fustane verore', description: 'x', mainCategoryID: 2 },
    });
    expect((await json(u1)).mainCategoryID).toBe(2);
    const u2 = await t.request('/api/Category', {
      method: 'PUT',
      token: staff,
      json: { categoryID: cat.categoryID, categoryName: 'Fustane', description: 'y', mainCategoryID: 1 },
    });
    expect(u2.status).toBe(200);
    expect(
      (
        await t.request('/api/Category/999999', {
          method: 'PUT',
          token: staff,
          json: { categoryName: 'A', description: 'B', mainCategoryID: 1 },
        })
      ).status,
    ).toBe(404);

    await createProduct(t.db, { categoryId: cat.categoryID });
    const del = await t.request(`/api/Category/${cat.categoryID}`, { method: 'DELETE', token: staff });
    expect(del.status).toBe(409);
    expect((await json(del)).Message).toBe(staffMessages.dashboard.categoryHasProducts);
    const empty = await createCategory(t.db);
    expect((await t.request(`/api/Category/${empty}`, { method: 'DELETE', token: staff })).status).toBe(200);
    expect((await t.request(`/api/Category/${empty}`, { method: 'DELETE', token: staff })).status).toBe(404);
  });
});

describe('colours', () => {
  it('detects colours of uploaded images without adding them, then adds the confirmed ones', async () => {
    const form = new FormData();
    form.append('images', new File([await png('#D32F2F', 80, 80)], 'red.png'));
    form.append('images', new File([await png('#1E88E5', 80, 80)], 'blue.png'));
    const before = await countRows();
    const r = await multipart('/api/Color/detect-colors', form, staff);
    expect(r.status).toBe(200);
    const found = await json(r);
    expect(found.map((c: any) => c.colorName).sort()).toEqual(['E kaltër', 'E kuqe']);
    expect(found.every((c: any) => /^#[0-9A-F]{6}$/.test(c.hexCode) && c.existingColorID === null)).toBe(true);
    expect(await countRows()).toEqual(before);

    const add = await t.request('/api/Color', {
      method: 'POST',
      token: staff,
      json: found.map((c: any) => ({ colorName: c.colorName, hexCode: c.hexCode })),
    });
    expect(add.status).toBe(201);
    expect(await json(add)).toHaveLength(2);
    const dup = await t.request('/api/Color', {
      method: 'POST',
      token: staff,
      json: { colorName: 'e kuqe', hexCode: '#FF0000' },
    });
    expect(dup.status).toBe(409);

    const again = await json(await multipart('/api/Color/detect-colors', form, staff));
    expect(again.every((c: any) => typeof c.existingColorID === 'number')).toBe(true);
  });

  it('asks for at least one image, refuses non-images, validates hex codes', async () => {
    const none = await multipart('/api/Color/detect-colors', new FormData(), staff);
    expect(none.status).toBe(400);
    expect((await json(none)).Message).toBe(staffMessages.dashboard.selectAtLeastOneImage);
    const txt = new FormData();
    txt.append('images', new File(['hello'], 'a.jpg', { type: 'image/jpeg' }));
    expect((await multipart('/api/Color/detect-colors', txt, staff)).status).toBe(400);
    const hex = await t.request('/api/Color', {
      method: 'POST',
      token: staff,
      json: { colorName: 'Blu', hexCode: 'blue' },
    });
    expect((await json(hex)).errors.hexCode).toEqual([staffMessages.dashboard.hexInvalid]);
  });

  it('renames and recolours one a product uses (issue 35); a taken name 409, bad hex 400, unknown 404, "no colour" kept', async () => {
    const colour = await createColor(t.db, { name: 'Lejla e vjetër', hex: '#C8A2C8' });
    const p = await createProduct(t.db, { name: 'Fustan me ngjyrë', variants: [{ colorId: colour }] });
    const put = (id: number, json: object) => t.request(`/api/Color/${id}`, { method: 'PUT', token: staff, json });
    const res = await put(colour, { colorName: '  Lejla  ', hexCode: '#b57edc' });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ colorID: colour, colorName: 'Lejla', hexCode: '#B57EDC' });
    // The shop reads the new name and colour at once (the catalogue's cached answers are dropped).
    const colours = await json(await t.request('/api/Color'));
    expect(colours.find((c: any) => c.colorID === colour)).toMatchObject({ colorName: 'Lejla', hexCode: '#B57EDC' });
    const detail = await json(await t.request(`/api/Product/${p.productId}`));
    expect(JSON.stringify(detail)).toContain('Lejla');
    expect(JSON.stringify(detail)).not.toContain('Lejla e vjetër');

    const other = await createColor(t.db, { name: 'Mente', hex: '#98FF98' });
    const taken = await put(other, { colorName: 'lejla', hexCode: '#98FF98' });
    expect(taken.status).toBe(409);
    expect((await json(taken)).errors.colorName[0]).toContain(staffMessages.dashboard.colorTaken);
    expect((await json(await put(other, { colorName: 'Mente', hexCode: 'jeshile' }))).errors.hexCode).toEqual([
      staffMessages.dashboard.hexInvalid,
    ]);
    expect((await put(999_999, { colorName: 'Askush', hexCode: '#000000' })).status).toBe(404);
    const none = await t.db.selectFrom('colors').select('color_id').where('hex_code', '=', '').executeTakeFirst();
    const noColour = none?.color_id ?? (await createColor(t.db, { name: 'Pa ngjyrë', hex: '' }));
    expect((await put(noColour, { colorName: 'Pa ngjyrë', hexCode: '#FFFFFF' })).status).toBe(409);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity', '=', 'colour')
      .where('entity_id', '=', colour)
      .execute();
    expect(audit.map((a) => a.action)).toContain('update');
  });

  it('deletes an unused colour and refuses one in use', async () => {
    const used = await createColor(t.db);
    await createProduct(t.db, { variants: [{ colorId: used }] });
    expect((await t.request(`/api/Color/${used}`, { method: 'DELETE', token: staff })).status).toBe(409);
    const free = await createColor(t.db);
    expect((await t.request(`/api/Color/${free}`, { method: 'DELETE', token: staff })).status).toBe(200);
    expect((await t.request(`/api/Color/${free}`, { method: 'DELETE', token: staff })).status).toBe(404);
  });
});

describe('sizes, events, countries', () => {
  it('size CRUD with required name, conflicts and in-use protection', async () => {
    expect(
      (await json(await t.request('/api/Size', { method: 'POST', token: staff, json: { sizeName: '  ' } }))).errors
        .sizeName,
    ).toEqual([staffMessages.dashboard.sizeNameRequired]);
    const s = await json(await t.request('/api/Size', { method: 'POST', token: staff, json: { sizeName: '3XL' } }));
    expect(s).toMatchObject({ sizeName: '3XL' });
    expect((await t.request('/api/Size', { method: 'POST', token: staff, json: { sizeName: '3xl' } })).status).toBe(
      409,
    );
    expect(await json(await t.request(`/api/Size/${s.sizeID}`, { token: staff }))).toEqual(s);
    expect(
      (await json(await t.request(`/api/Size/${s.sizeID}`, { method: 'PUT', token: staff, json: { sizeName: '4XL' } })))
        .sizeName,
    ).toBe('4XL');
    expect((await t.request('/api/Size/999999', { token: staff })).status).toBe(404);
    await createProduct(t.db, { variants: [{ sizeId: s.sizeID }] });
    expect((await t.request(`/api/Size/${s.sizeID}`, { method: 'DELETE', token: staff })).status).toBe(409);
    const free = await createSize(t.db);
    expect((await t.request(`/api/Size/${free}`, { method: 'DELETE', token: staff })).status).toBe(200);
  });

  it('event CRUD; deleting an event unlinks it from products', async () => {
    expect((await t.request('/api/Event', { method: 'POST', token: staff, json: {} })).status).toBe(400);
    const e = await json(
      await t.request('/api/Event', { method: 'POST', token: staff, json: { eventName: 'Black Friday' } }),
    );
    expect(
      (await t.request('/api/Event', { method: 'POST', token: staff, json: { eventName: 'black friday' } })).status,
    ).toBe(409);
    expect(
      (
        await json(
          await t.request(`/api/Event/${e.eventID}`, { method: 'PUT', token: staff, json: { eventName: 'Verë' } }),
        )
      ).eventName,
    ).toBe('Verë');
    const p = await createProduct(t.db, { eventIds: [e.eventID] });
    expect((await t.request(`/api/Event/${e.eventID}`, { method: 'DELETE', token: staff })).status).toBe(200);
    expect(
      await t.db.selectFrom('products').select('product_id').where('product_id', '=', p.productId).executeTakeFirst(),
    ).toBeTruthy();
    expect((await t.request(`/api/Event/${e.eventID}`, { token: staff })).status).toBe(404);
  });

  it('country CRUD with shipping price in euros (step 0.01)', async () => {
    const bad = await json(
      await t.request('/api/Countries', { method: 'POST', token: staff, json: { countryName: '', shippingPrice: '' } }),
    );
    expect(bad.errors.countryName).toEqual([staffMessages.dashboard.countryNameRequired]);
    expect(bad.errors.shippingPrice).toEqual([staffMessages.dashboard.shippingPriceRequired]);
    const step = await json(
      await t.request('/api/Countries', {
        method: 'POST',
        token: staff,
        json: { countryName: 'Shqipëri', shippingPrice: 2.555 },
      }),
    );
    expect(step.errors.shippingPrice).toEqual([staffMessages.dashboard.shippingPriceInvalid]);
    const c = await json(
      await t.request('/api/Countries', {
        method: 'POST',
        token: staff,
        json: { countryName: 'Shqipëri', shippingPrice: 4.5 },
      }),
    );
    expect(c).toMatchObject({ countryName: 'Shqipëri', shippingPrice: 4.5 });
    expect(
      (
        await t.db
          .selectFrom('countries')
          .select('shipping_price_cents')
          .where('country_id', '=', c.countryID)
          .executeTakeFirstOrThrow()
      ).shipping_price_cents,
    ).toBe(450);
    expect(
      (
        await t.request('/api/Countries', {
          method: 'POST',
          token: staff,
          json: { countryName: 'shqipëri', shippingPrice: 1 },
        })
      ).status,
    ).toBe(409);
    const list = await json(await t.request('/api/Countries', { token: staff }));
    expect(list.some((x: any) => x.countryID === c.countryID)).toBe(true);
    expect(
      (
        await json(
          await t.request(`/api/Countries/${c.countryID}`, {
            method: 'PUT',
            token: staff,
            json: { countryName: 'Shqipëria', shippingPrice: '5,25' },
          }),
        )
      ).shippingPrice,
    ).toBe(5.25);
    expect((await json(await t.request(`/api/Countries/${c.countryID}`, { token: staff }))).countryName).toBe(
      'Shqipëria',
    );
    expect((await t.request(`/api/Countries/${c.countryID}`, { method: 'DELETE', token: staff })).status).toBe(200);
    expect((await t.request(`/api/Countries/${c.countryID}`, { token: staff })).status).toBe(404);
  });
});
