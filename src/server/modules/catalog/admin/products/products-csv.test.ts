// Products CSV through the real app on a real database: export (BOM, header, one row per variant), the round trip
// (export, edit, dry run, import), bad rows reported by number with nothing written, Excel's ';' + Windows-1252
// files, bounds and roles, the catalogue cache after an import, and 5 000 rows in under 10 s. Decision 200: formula-like
// texts exported with a quote in front and read back unchanged; empty lines, the row and column caps, and files
// that used to stall the server answered 4xx without an event-loop stall of 100 ms.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { ProductImportResultDto } from '#shared/dto/catalog-admin';
import { PRODUCT_CSV_LIMITS } from '#server/http/limits';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { loopHolds } from '#server/testing/loop-holds';
import { createCategory, createColor, createProduct, createSize } from '#server/testing/factories';

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
  form.append(
    'file',
    new Blob([typeof body === 'string' ? body : new Uint8Array(body)], { type: 'text/csv' }),
    opts.name ?? 'produktet.csv',
  );
  const r = await t.request(`/api/Product/import${opts.dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    body: form,
    token: opts.token ?? staff,
  });
  return { r, body: (await r.json()) as ProductImportResultDto & { Message?: string; errors?: unknown } };
}

/** A multipart body with the one `file` part, as bytes. */
function multipart(file: string): { payload: Buffer; type: string } {
  const boundary = `----butiku${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="produktet.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(file), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

function post(url: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(body.length) }, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Everything an import may touch, to prove a refused one wrote nothing. */
async function snapshot() {
  const products = await t.db
    .selectFrom('products')
    .select(['product_id', 'barcode', 'name', 'brand', 'description', 'category_id', 'price_cents'])
    .orderBy('product_id')
    .execute();
  const variants = await t.db
    .selectFrom('product_variants')
    .select(['variant_id', 'product_id', 'size_id', 'color_id', 'stock_quantity'])
    .orderBy('variant_id')
    .execute();
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
  productA = await createProduct(t.db, {
    name: 'Fustan "midi", me rrip',
    categoryId: ids.dresses,
    priceCents: 5490,
    variants: [
      { sizeId: ids.m, colorId: ids.black, stock: 3 },
      { sizeId: ids.s, colorId: ids.black, stock: 4 },
    ],
  });
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
      {
        barcode: expect.any(String),
        name: 'Fustan "midi", me rrip',
        brand: 'Marka',
        description: 'Përshkrim i produktit',
        category: 'Fustane',
        price: '54.90',
        size: 'S',
        colour: 'E zezë',
        stock: '4',
      },
      {
        barcode: a[0]!.barcode,
        name: 'Fustan "midi", me rrip',
        brand: 'Marka',
        description: 'Përshkrim i produktit',
        category: 'Fustane',
        price: '54.90',
        size: 'M',
        colour: 'E zezë',
        stock: '3',
      },
    ]);
    expect(rows.filter((x) => x.name === 'Atlete')).toEqual([
      {
        barcode: expect.any(String),
        name: 'Atlete',
        brand: '',
        description: 'Përshkrim i produktit',
        category: 'Glow Outlet / Këpucë',
        price: '20.00',
        size: '',
        colour: '',
        stock: '',
      },
    ]);
  });
});

describe('POST /api/Product/import', () => {
  it('round trip: the unchanged export imports as unchanged; edits are checked by a dry run, then written, and the storefront sees them', async () => {
    const { rows } = await exportCsv();
    const same = await importCsv(csvOf(rows), { dryRun: true });
    expect(same.r.status).toBe(200);
    expect(same.body).toMatchObject({
      dryRun: true,
      rows: rows.length,
      created: 0,
      updated: 0,
      unchanged: 2,
      errors: [],
    });

    const before = await snapshot();
    const cached = (await (await t.request(`/api/Product/${productA.productId}`)).json()) as { price: number };
    expect(cached.price).toBe(54.9);
    const edited: Row[] = rows.map((r) =>
      r.name.startsWith('Fustan') ? { ...r, price: '49,90', stock: r.size === 'M' ? '7' : r.stock } : r,
    );
    const barcodeA = edited.find((r) => r.name.startsWith('Fustan'))!.barcode;
    edited.push({ ...edited.find((r) => r.name.startsWith('Fustan'))!, size: 'M', colour: 'e kuqe', stock: '2' });
    edited.push({
      barcode: 'NEW-0001',
      name: 'Xhaketë lëkure',
      brand: 'Butiku',
      description: 'E butë',
      category: 'fustane',
      price: '89.00',
      size: 'S',
      colour: 'E ZEZË',
      stock: '5',
    });
    edited.push({
      barcode: 'NEW-0001',
      name: 'Xhaketë lëkure',
      brand: 'Butiku',
      description: 'E butë',
      category: 'fustane',
      price: '89.00',
      size: 'M',
      colour: 'E zezë',
      stock: '1',
    });

    const dry = await importCsv(csvOf(edited), { dryRun: true });
    expect(dry.body).toEqual({
      dryRun: true,
      rows: edited.length,
      created: 1,
      updated: 1,
      unchanged: 1,
      variantsCreated: 3,
      variantsUpdated: 1,
      errors: [],
      moreErrors: 0,
    });
    expect(await snapshot()).toEqual(before);

    const real = await importCsv(csvOf(edited));
    expect(real.r.status).toBe(200);
    expect(real.body).toEqual({ ...dry.body, dryRun: false });
    const fresh = (await (await t.request(`/api/Product/${productA.productId}`)).json()) as { price: number };
    expect(fresh.price).toBe(49.9);
    const created = await t.db
      .selectFrom('products')
      .select(['product_id', 'category_id', 'price_cents', 'is_active'])
      .where('barcode', '=', 'NEW-0001')
      .execute();
    expect(created).toEqual([
      { product_id: expect.any(Number), category_id: ids.dresses, price_cents: 8900, is_active: 1 },
    ]);

    const again = (await exportCsv()).rows;
    expect(again.filter((r) => r.barcode === barcodeA).map((r) => [r.size, r.colour, r.stock, r.price])).toEqual([
      ['S', 'E zezë', '4', '49.90'],
      ['M', 'E kuqe', '2', '49.90'],
      ['M', 'E zezë', '7', '49.90'],
    ]);
    expect(again.filter((r) => r.barcode === 'NEW-0001').map((r) => [r.size, r.colour, r.stock])).toEqual([
      ['S', 'E zezë', '5'],
      ['M', 'E zezë', '1'],
    ]);
    // Importing what was exported changes nothing.
    expect((await importCsv(csvOf(again))).body).toMatchObject({ created: 0, updated: 0, unchanged: 3, errors: [] });
  });

  it('bad rows are reported with their spreadsheet row numbers and nothing is written, dry run or not', async () => {
    const good = {
      barcode: 'BAD-1',
      name: 'Bluzë',
      brand: '',
      description: '',
      category: 'Fustane',
      price: '10',
      size: 'S',
      colour: 'E zezë',
      stock: '1',
    };
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
        [3, 'category'],
        [4, 'size'],
        [4, 'colour'],
        [5, 'price'],
        [5, 'stock'],
        [6, 'name'],
        [7, 'size'],
        [8, 'price'],
        [9, 'category'],
        [10, 'colour'],
      ]);
      expect(body.errors[0]!.message).toBe('Kategoria "Pallto" nuk ekziston.');
      expect(body.errors[1]!.message).toBe('Madhësia "XXL" nuk ekziston.');
      expect(body.errors[2]!.message).toBe('Ngjyra "Vjollcë" nuk ekziston.');
      expect(body.errors[6]!.message).toBe('Ky barkod me këtë madhësi dhe ngjyrë është edhe në rreshtin 2.');
      expect(body.errors[7]!.message).toBe(
        'Ndryshon nga rreshti 2 me të njëjtin barkod: emri, marka, përshkrimi, kategoria dhe çmimi janë të produktit.',
      );
      expect(body.errors[8]!.message).toBe(
        'Kategoria "Këpucë" është në disa kategori kryesore: shkruani "Produktet / Këpucë".',
      );
      expect(await snapshot()).toEqual(before);
    }
  });

  it("reads Excel's European CSV: ';' between cells, comma decimals, Windows-1252 letters", async () => {
    const text =
      'barcode;name;brand;description;category;price;size;colour;stock\r\nWIN-1;Këmishë çeliku;;;Fustane;24,50;S;E zezë;6\r\n';
    const bytes = Uint8Array.from([...text].map((ch) => ({ ë: 0xeb, ç: 0xe7 })[ch] ?? ch.charCodeAt(0)));
    const { body } = await importCsv(bytes);
    expect(body).toMatchObject({ created: 1, variantsCreated: 1, errors: [] });
    const p = await t.db
      .selectFrom('products')
      .select(['name', 'price_cents'])
      .where('barcode', '=', 'WIN-1')
      .executeTakeFirstOrThrow();
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
    expect(huge.body.Message).toBe(`Skedari është më i madh se ${PRODUCT_CSV_LIMITS.maxBytes / 1024 / 1024} MB.`);
  });
});

describe('5 000 rows', () => {
  it('imports 1 000 products x 5 variants in under 10 s, and re-imports them with new stock', async () => {
    const sizes: string[] = [];
    for (let i = 0; i < 5; i++) {
      await createSize(t.db, { name: `P${i}` });
      sizes.push(`P${i}`);
    }
    const rows: Row[] = [];
    for (let p = 0; p < 1000; p++) {
      for (const size of sizes) {
        rows.push({
          barcode: `PERF-${p}`,
          name: `Produkt ${p}`,
          brand: 'Butiku',
          description: `Përshkrim i gjatë i produktit ${p}, me presje.`,
          category: 'Fustane',
          price: `${10 + (p % 90)}.90`,
          size,
          colour: 'E kuqe',
          stock: String(p % 17),
        });
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
    console.log(
      `products CSV import, 5 000 rows (${(csv.length / 1024).toFixed(0)} KB): create ${firstMs.toFixed(0)} ms, update all stock ${secondMs.toFixed(0)} ms`,
    );
    expect(firstMs).toBeLessThan(10_000);
    expect(secondMs).toBeLessThan(10_000);
  }, 60_000);
});

describe('formula-like text (decision 200)', () => {
  const hostile = [
    {
      barcode: 'F-EQ',
      name: '=HYPERLINK("http://evil.example/","Kliko")',
      brand: '@SUM(1+1)',
      description: '+3598 ose -2+3',
    },
    { barcode: 'F-PLUS', name: '+381 fustan', brand: '-Marka', description: '\t=1+1 pas tabulatorit' },
    { barcode: 'F-MINUS', name: "-2+3+cmd|' /C calc'!A0", brand: '\r=1', description: "'=tashmë me thonjëz" },
    { barcode: 'F-AT', name: '@Fustan', brand: "''@dy thonjëza", description: '-5' },
  ];

  it('the export writes them with one quote in front; importing the export back changes nothing, byte for byte', async () => {
    for (const h of hostile) {
      await createProduct(t.db, {
        name: h.name,
        brand: h.brand,
        barcode: h.barcode,
        description: h.description,
        categoryId: ids.dresses,
        priceCents: 1000,
        variants: [{ sizeId: ids.s, colorId: ids.red, stock: 2 }],
      });
    }
    const first = await exportCsv();
    const mine = first.rows.filter((r) => r.barcode.startsWith('F-'));
    expect(mine.map((r) => [r.barcode, r.name, r.brand, r.description])).toEqual([
      ['F-EQ', `'${hostile[0]!.name}`, `'${hostile[0]!.brand}`, `'${hostile[0]!.description}`],
      ['F-PLUS', `'${hostile[1]!.name}`, `'${hostile[1]!.brand}`, `'${hostile[1]!.description}`],
      ['F-MINUS', `'${hostile[2]!.name}`, `'${hostile[2]!.brand}`, `'${hostile[2]!.description}`],
      ['F-AT', `'${hostile[3]!.name}`, `'${hostile[3]!.brand}`, '-5'], // a plain number stays a number
    ]);
    // The same file back: every product unchanged (name, brand, description compared as stored).
    expect((await importCsv(csvOf(mine))).body).toMatchObject({
      rows: 4,
      created: 0,
      updated: 0,
      unchanged: 4,
      errors: [],
    });
    // As new products: they are created with the very same texts.
    const copies = mine.map((r) => ({ ...r, barcode: `C${r.barcode}` }));
    expect((await importCsv(csvOf(copies))).body).toMatchObject({ created: 4, errors: [] });
    const stored = await t.db
      .selectFrom('products')
      .select(['barcode', 'name', 'brand', 'description'])
      .where('barcode', 'like', 'CF-%')
      .orderBy('product_id')
      .execute();
    expect(stored).toEqual(hostile.map((h) => ({ ...h, barcode: `C${h.barcode}` })));
    // And the next export writes the same bytes for them.
    const again = await exportCsv();
    const lines = (bytes: Uint8Array, prefix: string) =>
      new TextDecoder()
        .decode(bytes)
        .split('\r\n')
        .filter((l) => l.startsWith(prefix))
        .map((l) => l.slice(prefix.length));
    expect(lines(again.bytes, 'CF-')).toEqual(lines(first.bytes, 'F-'));
  });
});

describe('bounds (decision 200)', () => {
  const HEADER = `${COLUMNS.join(',')}\r\n`;
  const MB = 1024 * 1024;
  const filled = (bytes: number, unit: string) =>
    HEADER + unit.repeat(Math.floor((bytes - HEADER.length) / unit.length));
  const tooManyRows = `Skedari ka më shumë se ${PRODUCT_CSV_LIMITS.maxRows} rreshta produktesh.`;
  const noRows = 'Skedari nuk ka asnjë rresht produkti.';
  const validRows = (n: number) =>
    HEADER +
    Array.from({ length: n }, (_, i) => `V-${i},Fustan ${i},Butiku,Përshkrim,Fustane,19.90,S,E zezë,${i % 9}\r\n`).join(
      '',
    );

  it('empty lines are skipped and keep the spreadsheet row numbers; blank cells rows are not products', async () => {
    const text = `${HEADER}\r\n\r\n${COLUMNS.map(() => '').join(',')}\r\nE-1,,,,Fustane,10,,,\n\rE-2,Emër,,,Fustane,abc,,,\r\n\r\n`;
    const { r, body } = await importCsv(text, { dryRun: true });
    expect(r.status).toBe(200);
    expect(body.rows).toBe(2);
    expect(body.errors.map((e) => [e.row, e.field])).toEqual([
      [5, 'name'],
      [7, 'price'],
    ]);
  });

  it('the row cap and the column cap stop the reading with a 400 naming them; broken quotes are named in Albanian', async () => {
    const cap = await importCsv(validRows(PRODUCT_CSV_LIMITS.maxRows + 1), { dryRun: true });
    expect(cap.r.status).toBe(400);
    expect(cap.body.Message).toBe(tooManyRows);
    expect(cap.body.errors).toEqual({ file: [tooManyRows] });
    const atCap = await importCsv(validRows(PRODUCT_CSV_LIMITS.maxRows), { dryRun: true });
    expect(atCap.body).toMatchObject({
      rows: PRODUCT_CSV_LIMITS.maxRows,
      created: PRODUCT_CSV_LIMITS.maxRows,
      errors: [],
    });

    const wide = await importCsv(`${HEADER}X,${','.repeat(300)}\r\n`);
    expect(wide.r.status).toBe(400);
    expect(wide.body.Message).toBe('Skedari nuk është CSV i lexueshëm: rreshti 2 ka më shumë se 200 kolona.');
    const unclosed = await importCsv(`${HEADER}\r\nX,"Fustan,,,Fustane,1,,,\r\n`);
    expect(unclosed.body.Message).toBe(
      'Skedari nuk është CSV i lexueshëm: thonjëzat e hapura në rreshtin 3 nuk mbyllen.',
    );
    const stray = await importCsv(`${HEADER}X,Fustan 5" i gjatë,,,Fustane,1,,,\r\n`);
    expect(stray.r.status).toBe(400);
    expect(stray.body.Message).toMatch(/^Skedari nuk është CSV i lexueshëm: thonjëza në vend të gabuar në rreshtin 2/);
    const quoted = await importCsv(
      `${HEADER}Q-1,"Fustan 5"" i gjatë, me rrip","Rresht 1\r\nRresht 2",,Fustane,1,,,\r\n`,
      { dryRun: true },
    );
    expect(quoted.body).toMatchObject({ rows: 1, created: 1, errors: [] });
  }, 60_000);

  it('one import at a time, its upload read inside the slot: a second import waits for the first, body and all', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A declared length, as browsers send: the body is then left to the import (no body-limit buffering first).
    const { payload, type } = multipart(validRows(3));
    const slowBody = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(payload.subarray(0, 100));
        await gate;
        controller.enqueue(payload.subarray(100));
        controller.close();
      },
    });
    const done: string[] = [];
    const first = t
      .request('/api/Product/import?dryRun=true', {
        method: 'POST',
        body: slowBody,
        headers: { 'content-type': type, 'content-length': String(payload.length) },
        token: staff,
        duplex: 'half',
      } as RequestInit)
      .then((r) => (done.push('first'), r));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = importCsv(validRows(2), { dryRun: true }).then((r) => (done.push('second'), r));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done).toEqual([]);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(done).toEqual(['first', 'second']);
    expect(((await a.json()) as ProductImportResultDto).rows).toBe(3);
    expect(b.body.rows).toBe(2);
  });

  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(t.app, t);
  });
  afterAll(() => server.close());

  // 2–3 MB of what took the old reader minutes (3 MB of blank lines: ~3 million csv-parse records with an error each).
  const pathological = [
    { name: 'header + blank lines', body: () => filled(3 * MB, '\r\n'), status: 400, message: noRows },
    { name: 'one-column rows', body: () => filled(3 * MB, 'x\r\n'), status: 400, message: tooManyRows },
    { name: 'rows of empty cells', body: () => filled(3 * MB, ',,,,,,,,\r\n'), status: 400, message: noRows },
    {
      name: 'valid-looking rows past the row cap',
      body: () => validRows(PRODUCT_CSV_LIMITS.maxRows * 2),
      status: 400,
      message: tooManyRows,
    },
    {
      name: 'one line of commas',
      body: () => HEADER + ','.repeat(2 * MB),
      status: 400,
      message: 'Skedari nuk është CSV i lexueshëm: rreshti 2 ka më shumë se 200 kolona.',
    },
    {
      name: 'a 2 MB quoted cell of doubled quotes',
      body: () => `${HEADER}Q-2,"${'""'.repeat(MB)}",,,Fustane,1,,,\r\n`,
      status: 200,
      message: undefined,
    },
  ];

  it.each(pathological)(
    '$name: a clear answer, and the event loop is never held 100 ms',
    // One retry: a major GC of the worker's heap (every earlier file's garbage) on a loaded two-core CI runner once
    // took 111 ms in the first case of the file; a reader that holds the loop holds it on every try.
    { timeout: 60_000, retry: 1 },
    async ({ body, status: expected, message }) => {
      const file = body();
      // Warm-up: the first multipart read and import of a process compile their code (a one-off ~100 ms here).
      await importCsv(file.slice(0, 64 * 1024));
      // Over a real socket, as a browser sends it; the request is built before the clock starts.
      const { payload, type } = multipart(file);
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const holds = loopHolds();
      const started = performance.now();
      const { status, text } = await post(
        `${server.url}/api/Product/import`,
        { authorization: `Bearer ${staff}`, 'content-type': type },
        payload,
      );
      const ms = performance.now() - started;
      const held = holds();
      delay.disable();
      const answer = JSON.parse(text) as ProductImportResultDto & { Message?: string };
      const wallMs = delay.max / 1e6;
      console.log(
        `${(file.length / MB).toFixed(1)} MB: ${status} in ${ms.toFixed(0)} ms; event loop held at most ${held.toFixed(1)} ms (longest delay on the clock ${wallMs.toFixed(1)} ms)`,
      );
      expect(status).toBe(expected);
      if (message) expect(answer.Message).toBe(message);
      else expect(answer.errors).toEqual([{ row: 2, field: 'name', message: 'Shumë e gjatë (deri në 200 shenja).' }]);
      // The slices are 10 ms (goal: under 50 ms); 100 ms leaves room for GC and a loaded CI machine. On the clock a
      // loaded machine adds the time other processes ran: a loose bound there (the old reader held it for minutes).
      expect(held).toBeLessThan(100);
      expect(wallMs).toBeLessThan(1000);
    },
  );
});
