// Products CSV through the real app on a real database: export (BOM, header, one row per variant), the round trip
// (export, edit, dry run, import), bad rows reported by number with nothing written, Excel's ';' + Windows-1252
// files, bounds and roles, the catalogue cache after an import, and 5 000 rows in under 10 s.
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { ProductImportResultDto } from '../../../../shared/dto/catalog-admin';
import { PRODUCT_CSV_LIMITS } from '../../../http/limits';
import { createCustomer, createStaff } from '../../../testing/auth';
import { createTestApp, type TestApp } from '../../../testing/app';
import { createCategory, createColor, createProduct, createSize } from '../../../testing/factories';

let t: TestApp;
let staff: string;
let customer: string;
const ids = { dresses: 0, shoesKids: 0, shoesWomen: 0, s: 0, m: 0, black: 0, red: 0 };
let productA: { productId: number; variantIds: number[] };

const COLUMNS = ['barcode', 'name', 'brand', 'description', 'category', 'price', 'size', 'colour', 'stock'] as const;
type Row = Record<(typeof COLUMNS)[number], string>;

async function exportCsv(token = staff) {
  const r = await t.request('/api/Product/export.csv', { token });
  const bytes = new Uint8Array(await r.arrayBuffer());
  return { r, bytes, rows: r.ok ? (parse(Buffer.from(bytes), { bom: true, columns: true }) as Row[]) : [] };
}

const csvOf = (rows: Row[]) => stringify(rows, { header: true, columns: [...COLUMNS], bom: true });

async function importCsv(body: string | Uint8Array, opts: { dryRun?: boolean; token?: string; name?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([typeof body === 'string' ? body : new Uint8Array(body)], { type: 'text/csv' }), opts.name ?? 'produktet.csv');
  const r = await t.request(`/api/Product/import${opts.dryRun ? '?dryRun=true' : ''}`, { method: 'POST', body: form, token: opts.token ?? staff });
  return { r, body: (await r.json()) as ProductImportResultDto & { Message?: string; errors?: unknown } };
}

/** Everything an import may touch, to prove a refused one wrote nothing. */
async function snapshot() {
  const products = await t.db.selectFrom('products').select(['product_id', 'barcode', 'name', 'brand', 'description', 'category_id', 'price_cents']).orderBy('product_id').execute();
  const variants = await t.db.selectFrom('product_variants').select(['variant_id', 'product_id', 'size_id', 'color_id', 'stock_quantity']).orderBy('variant_id').execute();
  return { products, variants };
}

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  customer = (await createCustomer(t)).token;
  ids.dresses = await createCategory(t.db, { name: 'Fustane', mainCategoryID: 1 });
  ids.shoesWomen = await createCategory(t.db, { name: 'Këpucë', mainCategoryID: 1 });
  ids.shoesKids = await createCategory(t.db, { name: 'Këpucë', mainCategoryID: 2 });
  ids.s = await createSize(t.db, { name: 'S' });
  ids.m = await createSize(t.db, { name: 'M' });
  ids.black = await createColor(t.db, { name: 'E zezë' });
  ids.red = await createColor(t.db, { name: 'E kuqe' });
  productA = await createProduct(t.db, { name: 'Fustan "midi", me rrip', categoryId: ids.dresses, priceCents: 5490, variants: [{ sizeId: ids.m, colorId: ids.black, stock: 3 }, { sizeId: ids.s, colorId: ids.black, stock: 4 }] });
  await createProduct(t.db, { name: 'Atlete', brand: null, categoryId: ids.shoesKids, priceCents: 2000, variants: [] });
});

describe('GET /api/Product/export.csv', () => {
  it('guest 401, customer 403 (export and import)', async () => {
    expect((await t.request('/api/Product/export.csv')).status).toBe(401);
    expect((await exportCsv(customer)).r.status).toBe(403);
    expect((await importCsv('barcode\n', { token: customer })).r.status).toBe(403);
  });

  it('UTF-8 with BOM, a header, one row per variant in size order, a row for a product without variants, ambiguous categories qualified', async () => {
    const { r, bytes, rows } = await exportCsv();
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="produktet-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split('\r\n')[0]).toBe(COLUMNS.join(','));
    const a = rows.filter((x) => x.name === 'Fustan "midi", me rrip');
    expect(a).toEqual([
      { barcode: expect.any(String), name: 'Fustan "midi", me rrip', brand: 'Marka', description: 'Përshkrim i produktit', category: 'Fustane', price: '54.90', size: 'S', colour: 'E zezë', stock: '4' },
      { barcode: a[0]!.barcode, name: 'Fustan "midi", me rrip', brand: 'Marka', description: 'Përshkrim i produktit', category: 'Fustane', price: '54.90', size: 'M', colour: 'E zezë', stock: '3' },
    ]);
    expect(rows.filter((x) => x.name === 'Atlete')).toEqual([
      { barcode: expect.any(String), name: 'Atlete', brand: '', description: 'Përshkrim i produktit', category: 'Glow Outlet / Këpucë', price: '20.00', size: '', colour: '', stock: '' },
    ]);
  });
});

describe('POST /api/Product/import', () => {
  it('round trip: the unchanged export imports as unchanged; edits are checked by a dry run, then written, and the storefront sees them', async () => {
    const { rows } = await exportCsv();
    const same = await importCsv(csvOf(rows), { dryRun: true });
    expect(same.r.status).toBe(200);
    expect(same.body).toMatchObject({ dryRun: true, rows: rows.length, created: 0, updated: 0, unchanged: 2, errors: [] });

    const before = await snapshot();
    const cached = (await (await t.request(`/api/Product/${productA.productId}`)).json()) as { price: number };
    expect(cached.price).toBe(54.9);
    const edited: Row[] = rows.map((r) => (r.name.startsWith('Fustan') ? { ...r, price: '49,90', stock: r.size === 'M' ? '7' : r.stock } : r));
    const barcodeA = edited.find((r) => r.name.startsWith('Fustan'))!.barcode;
    edited.push({ ...edited.find((r) => r.name.startsWith('Fustan'))!, size: 'M', colour: 'e kuqe', stock: '2' });
    edited.push({ barcode: 'NEW-0001', name: 'Xhaketë lëkure', brand: 'Butiku', description: 'E butë', category: 'fustane', price: '89.00', size: 'S', colour: 'E ZEZË', stock: '5' });
    edited.push({ barcode: 'NEW-0001', name: 'Xhaketë lëkure', brand: 'Butiku', description: 'E butë', category: 'fustane', price: '89.00', size: 'M', colour: 'E zezë', stock: '1' });

    const dry = await importCsv(csvOf(edited), { dryRun: true });
    expect(dry.body).toEqual({ dryRun: true, rows: edited.length, created: 1, updated: 1, unchanged: 1, variantsCreated: 3, variantsUpdated: 1, errors: [], moreErrors: 0 });
    expect(await snapshot()).toEqual(before);

    const real = await importCsv(csvOf(edited));
    expect(real.r.status).toBe(200);
    expect(real.body).toEqual({ ...dry.body, dryRun: false });
    const fresh = (await (await t.request(`/api/Product/${productA.productId}`)).json()) as { price: number };
    expect(fresh.price).toBe(49.9);
    const created = await t.db.selectFrom('products').select(['product_id', 'category_id', 'price_cents', 'is_active']).where('barcode', '=', 'NEW-0001').execute();
    expect(created).toEqual([{ product_id: expect.any(Number), category_id: ids.dresses, price_cents: 8900, is_active: 1 }]);

    const again = (await exportCsv()).rows;
    expect(again.filter((r) => r.barcode === barcodeA).map((r) => [r.size, r.colour, r.stock, r.price])).toEqual([
      ['S', 'E zezë', '4', '49.90'], ['M', 'E kuqe', '2', '49.90'], ['M', 'E zezë', '7', '49.90'],
    ]);
    expect(again.filter((r) => r.barcode === 'NEW-0001').map((r) => [r.size, r.colour, r.stock])).toEqual([['S', 'E zezë', '5'], ['M', 'E zezë', '1']]);
    // Importing what was exported changes nothing.
    expect((await importCsv(csvOf(again))).body).toMatchObject({ created: 0, updated: 0, unchanged: 3, errors: [] });
  });

  it('bad rows are reported with their spreadsheet row numbers and nothing is written, dry run or not', async () => {
    const good = { barcode: 'BAD-1', name: 'Bluzë', brand: '', description: '', category: 'Fustane', price: '10', size: 'S', colour: 'E zezë', stock: '1' };
    const rows: Row[] = [
      good, // row 2: fine on its own
      { ...good, barcode: 'BAD-2', category: 'Pallto' }, // 3
      { ...good, barcode: 'BAD-3', size: 'XXL', colour: 'Vjollcë' }, // 4
      { ...good, barcode: 'BAD-4', price: '12.345', stock: '-1' }, // 5
      { ...good, barcode: 'BAD-5', name: '' }, // 6
      { ...good, stock: '3' }, // 7: same barcode, size and colour as row 2
      { ...good, size: 'M', price: '11' }, // 8: same product, other price
      { ...good, barcode: 'BAD-6', category: 'Këpucë' }, // 9: two categories of that name
      { ...good, barcode: 'BAD-7', size: 'S', colour: '' }, // 10
    ];
    const before = await snapshot();
    for (const dryRun of [true, false]) {
      const { r, body } = await importCsv(csvOf(rows), { dryRun });
      expect(r.status).toBe(200);
      expect(body).toMatchObject({ dryRun, rows: 9, created: 0, updated: 0, variantsCreated: 0 });
      expect(body.errors.map((e) => [e.row, e.field])).toEqual([
        [3, 'category'], [4, 'size'], [4, 'colour'], [5, 'price'], [5, 'stock'], [6, 'name'], [7, 'size'], [8, 'price'], [9, 'category'], [10, 'colour'],
      ]);
      expect(body.errors[0]!.message).toBe('Kategoria "Pallto" nuk ekziston.');
      expect(body.errors[1]!.message).toBe('Madhësia "XXL" nuk ekziston.');
      expect(body.errors[2]!.message).toBe('Ngjyra "Vjollcë" nuk ekziston.');
      expect(body.errors[6]!.message).toBe('Ky barkod me këtë madhësi dhe ngjyrë është edhe në rreshtin 2.');
      expect(body.errors[7]!.message).toBe('Ndryshon nga rreshti 2 me të njëjtin barkod: emri, marka, përshkrimi, kategoria dhe çmimi janë të produktit.');
      expect(body.errors[8]!.message).toBe('Kategoria "Këpucë" është në disa kategori kryesore: shkruani "Produktet / Këpucë".');
      expect(await snapshot()).toEqual(before);
    }
  });

  it("reads Excel's European CSV: ';' between cells, comma decimals, Windows-1252 letters", async () => {
    const text = 'barcode;name;brand;description;category;price;size;colour;stock\r\nWIN-1;Këmishë çeliku;;;Fustane;24,50;S;E zezë;6\r\n';
    const bytes = Uint8Array.from([...text].map((ch) => ({ ë: 0xeb, ç: 0xe7 })[ch] ?? ch.charCodeAt(0)));
    const { body } = await importCsv(bytes);
    expect(body).toMatchObject({ created: 1, variantsCreated: 1, errors: [] });
    const p = await t.db.selectFrom('products').select(['name', 'price_cents']).where('barcode', '=', 'WIN-1').executeTakeFirstOrThrow();
    expect(p).toEqual({ name: 'Këmishë çeliku', price_cents: 2450 });
  });

  it('a missing column is row 1; no file, an empty file, a broken quote 400; a file over the bound 413', async () => {
    const missing = await importCsv('barcode,name,category,price,size,colour,stock\r\nX,Y,Fustane,1,S,E zezë,1\r\n');
    expect(missing.body.errors).toEqual([
      { row: 1, field: 'brand', message: 'Mungon kolona "brand".' },
      { row: 1, field: 'description', message: 'Mungon kolona "description".' },
    ]);
    const none = await t.request('/api/Product/import', { method: 'POST', body: new FormData(), token: staff });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { errors: object }).errors).toHaveProperty('file');
    expect((await importCsv(COLUMNS.join(',') + '\r\n')).r.status).toBe(400);
    const broken = await importCsv(`${COLUMNS.join(',')}\r\n"X,Y\r\n`);
    expect(broken.r.status).toBe(400);
    expect(broken.body.Message).toMatch(/^Skedari nuk është CSV i lexueshëm/);
    const huge = await importCsv(new Uint8Array(PRODUCT_CSV_LIMITS.maxBytes + 1).fill(0x41));
    expect(huge.r.status).toBe(413);
    expect(huge.body.Message).toBe('Skedari është më i madh se 10 MB.');
  });
});

describe('5 000 rows', () => {
  it('imports 1 000 products x 5 variants in under 10 s, and re-imports them with new stock', async () => {
    const sizes: string[] = [];
    for (let i = 0; i < 5; i++) sizes.push((await t.db.insertInto('sizes').values({ size_name: `P${i}` }).returning('size_name').executeTakeFirstOrThrow()).size_name);
    const rows: Row[] = [];
    for (let p = 0; p < 1000; p++) {
      for (const size of sizes) {
        rows.push({ barcode: `PERF-${p}`, name: `Produkt ${p}`, brand: 'Butiku', description: `Përshkrim i gjatë i produktit ${p}, me presje.`, category: 'Fustane', price: `${10 + (p % 90)}.90`, size, colour: 'E kuqe', stock: String(p % 17) });
      }
    }
    const csv = csvOf(rows);
    let started = performance.now();
    const first = await importCsv(csv);
    const firstMs = performance.now() - started;
    expect(first.body).toMatchObject({ rows: 5000, created: 1000, variantsCreated: 5000, errors: [] });
    started = performance.now();
    const second = await importCsv(csvOf(rows.map((r) => ({ ...r, stock: String(Number(r.stock) + 1) }))));
    const secondMs = performance.now() - started;
    expect(second.body).toMatchObject({ rows: 5000, created: 0, updated: 1000, variantsUpdated: 5000, errors: [] });
    console.log(`products CSV import, 5 000 rows (${(csv.length / 1024).toFixed(0)} KB): create ${firstMs.toFixed(0)} ms, update all stock ${secondMs.toFixed(0)} ms`);
    expect(firstMs).toBeLessThan(10_000);
    expect(secondMs).toBeLessThan(10_000);
  }, 60_000);
});
