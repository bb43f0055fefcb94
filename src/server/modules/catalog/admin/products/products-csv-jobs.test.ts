// The products CSV import written in batches (issue 38, decision 262), through the real app on a real database
// (SQLite, and PostgreSQL under test:pg): the shop's own export imports back unchanged, into itself and into another
// shop, byte for byte; a 5 000-row import never holds the event loop 100 ms; a bad row late in a large file writes
// nothing; a process killed between two batches leaves a recorded job that start-up finishes, to exactly the state an
// uninterrupted import gives; a job killed while staging wrote nothing and is dropped; checkouts taking stock while an
// import sets it never take it below zero, and the ledger still sums to the stock.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { ProductImportResultDto } from '#shared/dto/catalog-admin';
import { createStaff } from '#server/testing/auth';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { TEST_ENGINE } from '#server/testing/db';
import { loopHolds } from '#server/testing/loop-holds';
import { createCategory, createColor, createProduct, createSize } from '#server/testing/factories';
import { withRequestContext } from '#server/modules/audit';
import { changeStock, resumeProductImports } from '#server/modules/catalog';
import { stageImport } from './products-csv-jobs';

const HEADER = 'barcode,name,brand,description,category,price,size,colour,stock';
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLOURS = ['E zezë', 'E kuqe', 'Bojë qielli'];

/** The same reference names in every shop (imports match categories, sizes and colours by name). */
async function references(t: TestApp) {
  await createCategory(t.db, { name: 'Fustane', mainCategoryID: 1 });
  await createCategory(t.db, { name: 'Këpucë', mainCategoryID: 1 });
  await createCategory(t.db, { name: 'Këpucë', mainCategoryID: 2 });
  for (const name of SIZES) await createSize(t.db, { name });
  for (const name of COLOURS) await createColor(t.db, { name });
}

const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/**
 * `n` products with 0 to 5 variants (product p has p % 6), texts with quotes, commas, line breaks, Albanian letters
 * and formula-like starts, in both categories called Këpucë; `prefix` starts every barcode.
 */
function catalogueCsv(
  n: number,
  prefix: string,
  variantsOf = (p: number) => p % 6,
  colourOf = (p: number, v: number) => COLOURS[(p + v) % 3]!,
): string {
  const lines = [HEADER];
  for (let p = 0; p < n; p++) {
    const product = [
      `${prefix}${String(p).padStart(5, '0')}`,
      p % 7 === 0 ? `'=Fustan ${p}` : `Fustan "${p}", çelik ë`,
      p % 5 === 0 ? '' : 'Butiku',
      p % 3 === 0 ? `Rresht 1\r\nRresht 2, ${p}` : `Përshkrim ${p}`,
      ['Fustane', 'Produktet / Këpucë', 'Glow Outlet / Këpucë'][p % 3]!,
      `${10 + (p % 90)}.${p % 2 ? '90' : '00'}`,
    ].map(quote);
    const variants = variantsOf(p);
    if (variants === 0) lines.push([...product, '', '', ''].join(','));
    for (let v = 0; v < variants; v++)
      lines.push([...product, SIZES[v]!, quote(colourOf(p, v)), String(stockOf(p, v))].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The stock the generated file gives variant `v` of product `p`. */
const stockOf = (p: number, v: number) => (p * 7 + v) % 13;

async function importCsv(t: TestApp, token: string, body: string, dryRun = false) {
  const form = new FormData();
  form.append('file', new Blob([body], { type: 'text/csv' }), 'produktet.csv');
  const r = await t.request(`/api/Product/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    body: form,
    token,
  });
  return { status: r.status, body: (await r.json()) as ProductImportResultDto };
}

async function exportBytes(t: TestApp, token: string): Promise<Buffer> {
  const r = await t.request('/api/Product/export.csv', { token });
  expect(r.status).toBe(200);
  return Buffer.from(await r.arrayBuffer());
}

/** Everything an import may touch, to prove a refused or dropped one wrote nothing. */
async function snapshot(t: TestApp) {
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
  const ledger = await t.db
    .selectFrom('stock_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .execute();
  const audit = await t.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .execute();
  return { products, variants, ledger, audit };
}

const jobs = (t: TestApp) =>
  t.db
    .selectFrom('product_import_jobs')
    .select(['job_id', 'status', 'batches', 'next_batch'])
    .orderBy('job_id')
    .execute();
const units = async (t: TestApp) =>
  Number(
    (
      await t.db
        .selectFrom('product_import_units')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n,
  );

let a: TestApp;
let b: TestApp;
let staffA: { token: string; userId: number };
let staffB: string;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(), createTestApp()]);
  await Promise.all([references(a), references(b)]);
  staffA = await createStaff(a);
  staffB = (await createStaff(b)).token;
});
afterAll(async () => {
  await Promise.all([a.db.destroy(), b.db.destroy()]);
});

describe(`the shop's own export imports back unchanged (${TEST_ENGINE})`, () => {
  it('export -> import into the same shop: all unchanged, nothing written; into another shop: the same export, byte for byte', async () => {
    const created = await importCsv(a, staffA.token, catalogueCsv(600, 'RT-'));
    expect(created.body).toMatchObject({ created: 600, errors: [] });
    const first = await exportBytes(a, staffA.token);
    const rows = (parse(first, { bom: true, columns: true }) as unknown[]).length;
    expect(rows).toBeGreaterThan(1500);

    const before = await snapshot(a);
    const again = await importCsv(a, staffA.token, first.toString('utf8'));
    expect(again.body).toEqual({
      dryRun: false,
      rows,
      created: 0,
      updated: 0,
      unchanged: 600,
      variantsCreated: 0,
      variantsUpdated: 0,
      errors: [],
      moreErrors: 0,
    });
    expect(await snapshot(a)).toEqual(before);
    expect((await exportBytes(a, staffA.token)).equals(first)).toBe(true);

    const copied = await importCsv(b, staffB, first.toString('utf8'));
    expect(copied.body).toMatchObject({ created: 600, updated: 0, errors: [] });
    const second = await exportBytes(b, staffB);
    expect(second.toString('utf8')).toBe(first.toString('utf8'));
  }, 120_000);
});

describe(`batches (${TEST_ENGINE})`, () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(a.app, a);
  });
  afterAll(() => server.close());

  function post(body: string): Promise<{ status: number; text: string }> {
    const boundary = `----butiku${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="produktet.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(body),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${server.url}/api/Product/import`,
        {
          method: 'POST',
          agent: false,
          headers: {
            authorization: `Bearer ${staffA.token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(payload.length),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  it(
    'a 5 000-row import (1 000 products x 5 variants) never holds the event loop 100 ms',
    // One retry, as the bounds of decision 200: a major GC on a loaded two-core runner can take ~100 ms once.
    { timeout: 120_000, retry: 1 },
    async () => {
      const prefix = `LH${Math.random().toString(36).slice(2, 6)}-`;
      await post(catalogueCsv(20, `${prefix}W`, () => 5)); // warm-up: the first import compiles its code
      const file = catalogueCsv(1000, prefix, () => 5);
      const holds = loopHolds();
      const started = performance.now();
      const { status, text } = await post(file);
      const ms = performance.now() - started;
      const held = holds();
      const answer = JSON.parse(text) as ProductImportResultDto;
      console.log(
        `products CSV import, 5 000 rows in batches: ${status} in ${ms.toFixed(0)} ms; event loop held at most ${held.toFixed(1)} ms`,
      );
      expect(status).toBe(200);
      expect(answer).toMatchObject({ rows: 5000, created: 1000, variantsCreated: 5000, errors: [] });
      expect(held).toBeLessThan(100);
    },
  );

  it('a bad row late in a 5 000-row file: the answer names it and nothing is written, no job either', async () => {
    // Product 998's first variant is record 2 + 998 * 5 = 4992 (the header is row 1).
    const file = catalogueCsv(
      1000,
      'LATE-',
      () => 5,
      (p, v) => (p === 998 && v === 0 ? 'Vjollcë' : COLOURS[0]!),
    );
    const before = await snapshot(a);
    const jobsBefore = await jobs(a);
    const { status, body } = await importCsv(a, staffA.token, file);
    expect(status).toBe(200);
    expect(body).toMatchObject({ rows: 5000, created: 0, variantsCreated: 0 });
    expect(body.errors).toEqual([{ row: 4992, field: 'colour', message: 'Ngjyra "Vjollcë" nuk ekziston.' }]);
    expect(await snapshot(a)).toEqual(before);
    expect(await jobs(a)).toEqual(jobsBefore);
  }, 60_000);

  it('a process killed between two batches: start-up finishes its job, to what an uninterrupted import writes', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-import-')), 'produktet.csv');
    const csv = catalogueCsv(400, 'CRASH-', () => 5);
    fs.writeFileSync(file, csv);
    const stopped = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/testing/import-child.ts'], {
        env: {
          ...process.env,
          CSV_FILE: file,
          STOP_AFTER: '2',
          ACTOR_ID: String(staffA.userId),
          ...(a.config.databaseUrl ? { DATABASE_URL: a.config.databaseUrl } : { DATABASE_PATH: a.config.databasePath }),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const line = /stopped \d+ \d+ \d+/.exec(out);
        if (line) {
          child.kill('SIGKILL');
          resolve(line[0]);
        }
      });
      child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      child.on('exit', () => reject(new Error(`the import child ended before its stop: ${out}`)));
    });
    const [, jobId, batch, batches] = stopped.split(' ').map(Number);
    expect(batch).toBe(2);
    expect(batches).toBeGreaterThan(4);

    // Half-applied: the job says how far it got, and exactly its first three batches are in the shop.
    const job = (await jobs(a)).find((j) => j.job_id === jobId)!;
    expect(job).toMatchObject({ status: 'applying', batches, next_batch: 3 });
    const crashed = () =>
      a.db
        .selectFrom('products')
        .select(['product_id', 'barcode'])
        .where('barcode', 'like', 'CRASH-%')
        .orderBy('product_id')
        .execute();
    const half = (await crashed()).length;
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(400);

    // Start-up: the job is finished from its next batch.
    expect(await resumeProductImports(a.db)).toEqual({ finished: [jobId], dropped: [] });
    expect((await jobs(a)).find((j) => j.job_id === jobId)).toMatchObject({ status: 'done', next_batch: batches });
    expect(await units(a)).toBe(0);
    const all = await crashed();
    expect(all.map((p) => p.barcode)).toEqual(
      Array.from({ length: 400 }, (_, p) => `CRASH-${String(p).padStart(5, '0')}`),
    );

    // The same file into a shop that never crashed writes the same catalogue.
    const exported = (t: TestApp, token: string) =>
      exportBytes(t, token).then((bytes) =>
        (parse(bytes, { bom: true, columns: true }) as Array<{ barcode: string }>).filter((r) =>
          r.barcode.startsWith('CRASH-'),
        ),
      );
    expect((await importCsv(b, staffB, csv)).body).toMatchObject({ created: 400, errors: [] });
    expect(await exported(a, staffA.token)).toEqual(await exported(b, staffB));
    // One audit row and one ledger row per product and variant, all named for the staff member who imported.
    const audit = await a.db
      .selectFrom('audit_log')
      .select(['entity_id', 'actor_id', 'ip'])
      .where('action', '=', 'import')
      .where(
        'entity_id',
        'in',
        all.map((p) => p.product_id),
      )
      .execute();
    expect(audit).toHaveLength(400);
    expect(new Set(audit.map((r) => `${r.actor_id} ${r.ip}`))).toEqual(new Set([`${staffA.userId} 127.0.0.9`]));
    const ledger = await a.db
      .selectFrom('stock_changes as c')
      .innerJoin('product_variants as v', 'v.variant_id', 'c.variant_id')
      .innerJoin('products as p', 'p.product_id', 'v.product_id')
      .select(['c.actor_id'])
      .where('p.barcode', 'like', 'CRASH-%')
      .where('c.reason', '=', 'csv_import')
      .execute();
    let nonZero = 0;
    for (let p = 0; p < 400; p++) for (let v = 0; v < 5; v++) if (stockOf(p, v) !== 0) nonZero += 1;
    expect(ledger).toHaveLength(nonZero);
    expect(new Set(ledger.map((r) => r.actor_id))).toEqual(new Set([staffA.userId]));
  }, 120_000);

  it('a job stopped while it was staged wrote nothing to the catalogue and is dropped', async () => {
    const before = await snapshot(a);
    const jobId = await withRequestContext({ actorId: staffA.userId, ip: '127.0.0.1' }, () =>
      stageImport(a.db, [{ barcode: 'STAGED-1', productId: null, values: null, newVariants: [], stock: [] }], {
        staged: true,
      }),
    );
    // As a process that stopped before its last staged unit: still 'staging', not heard from for a minute.
    await a.db
      .updateTable('product_import_jobs')
      .set({ status: 'staging', heartbeat_at: new Date(Date.now() - 60_000).toISOString() })
      .where('job_id', '=', jobId)
      .execute();
    expect(await resumeProductImports(a.db)).toEqual({ finished: [], dropped: [jobId] });
    expect((await jobs(a)).find((j) => j.job_id === jobId)).toMatchObject({ status: 'dropped' });
    expect(await units(a)).toBe(0);
    expect(await snapshot(a)).toEqual(before);
  });

  it('checkouts taking a variant while an import sets its stock never take it below zero; the ledger sums to the stock', async () => {
    const { variantIds } = await createProduct(a.db, {
      barcode: 'RACE-1',
      name: 'Xhaketë',
      variants: [{ stock: 3 }],
    });
    const variantId = variantIds[0]!;
    const sizeColour = await a.db
      .selectFrom('product_variants as v')
      .innerJoin('sizes as s', 's.size_id', 'v.size_id')
      .innerJoin('colors as c', 'c.color_id', 'v.color_id')
      .innerJoin('products as p', 'p.product_id', 'v.product_id')
      .innerJoin('categories as k', 'k.category_id', 'p.category_id')
      .select(['s.size_name', 'c.color_name', 'k.category_name', 'p.price_cents', 'p.description', 'p.brand'])
      .where('v.variant_id', '=', variantId)
      .executeTakeFirstOrThrow();
    // The race variant sets 4 units, in the file's last batch; 2 000 other rows come first.
    const race = [
      'RACE-1',
      'Xhaketë',
      sizeColour.brand ?? '',
      quote(sizeColour.description),
      quote(sizeColour.category_name),
      (sizeColour.price_cents / 100).toFixed(2),
      quote(sizeColour.size_name),
      quote(sizeColour.color_name),
      '4',
    ].join(',');
    const file = `${catalogueCsv(400, 'RACE-OTHER-', () => 5)}${race}\r\n`;
    let importing = true;
    const importDone = importCsv(a, staffA.token, file).finally(() => (importing = false));
    const sold: boolean[] = [];
    while (importing) {
      const took = await withRequestContext({ actorId: null, ip: '127.0.0.1' }, () =>
        a.db
          .transaction()
          .execute((trx) => changeStock(trx, { variantId, delta: -1, reason: 'sale' }))
          .then((r) => r !== null),
      );
      sold.push(took);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await importDone).body).toMatchObject({ errors: [] });
    const rows = await a.db
      .selectFrom('stock_changes')
      .select(['delta', 'stock_after'])
      .where('variant_id', '=', variantId)
      .orderBy('change_id')
      .execute();
    const stock = (
      await a.db
        .selectFrom('product_variants')
        .select('stock_quantity')
        .where('variant_id', '=', variantId)
        .executeTakeFirstOrThrow()
    ).stock_quantity;
    expect(sold.filter(Boolean).length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.stock_after >= 0)).toBe(true);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(stock);
  }, 120_000);
});
