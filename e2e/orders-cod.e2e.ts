// Cash-on-delivery journey in Chromium: staff cancels a pending order with confirmation (stock back, history shown),
// filters the list by state, selects orders and prints A6 delivery slips (barcode SVG, amount to collect) and the
// A4 packing list; screenshots of the print view on screen and in print media. Then a products CSV goes through the
// import screen: a dry run reports the bad row by number and writes nothing, the fixed file is checked and imported.
import { describe, expect, it } from 'vitest';
import { MOBILE, newPage, screenshot } from './support/browser';
import { variantsInStock } from './support/catalog';
import { useJourney } from './support/journey';
import { signInAs } from './support/auth';
import * as checkout from '#server/modules/checkout';
import { inRequestContext } from '#server/testing/request-context';
import { ROLE_STAFF } from '#shared/roles';
import { orderNumberOf } from '#shared/order-number';

// A staff write called directly runs as a door runs it: inside a request context (its audit row, decision 228).
const { placeManualOrder } = inRequestContext(checkout);

const WIDE = { width: 1280, height: 900 };
const journey = useJourney();

async function stockOf(variantId: number) {
  return (
    await journey.server.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('variant_id', '=', variantId)
      .executeTakeFirstOrThrow()
  ).stock_quantity;
}

async function placeOrder(variantId: number, quantity: number, firstName: string) {
  const staff = await journey.server.db
    .selectFrom('users')
    .select('user_id')
    .where('role_id', '=', ROLE_STAFF)
    .executeTakeFirstOrThrow();
  const country = await journey.server.db
    .selectFrom('countries')
    .select('country_id')
    .orderBy('country_id')
    .executeTakeFirstOrThrow();
  const o = await placeManualOrder(
    journey.server,
    { userId: staff.user_id, roleID: ROLE_STAFF },
    {
      customerDetails: {
        email: 'fatjona@example.com',
        firstName,
        lastName: 'Shala',
        address: 'Rr. Adem Jashari 14',
        city: 'Prishtinë',
        zipCode: '10000',
        phoneNumber: '+38344222333',
        countryID: country.country_id,
        guestId: 'guest_e2e_cod01',
      },
      cartItems: [{ productVariantId: variantId, quantity }],
    },
  );
  return o;
}

describe('cash on delivery: cancel, filter, print', () => {
  it('cancels a pending order with confirmation, then prints slips and a packing list for two orders', async () => {
    const [v] = await variantsInStock(journey.server.db, 3);
    if (!v) throw new Error('no variant with stock in the demo catalogue');
    const stockBefore = await stockOf(v.variantId);
    const cancelMe = await placeOrder(v.variantId, 2, 'Fatjona');
    const keep = await placeOrder(v.variantId, 1, 'Liridona');
    expect(await stockOf(v.variantId)).toBe(stockBefore - 3);

    const { page } = await newPage(journey.browser, WIDE);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard/orderDetails/${cancelMe.orderId}`);
    await page.getByRole('button', { name: 'Anulo porosinë' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Ta anuloj porosinë ${orderNumberOf(cancelMe.orderId)}?`, { exact: false }).waitFor();
    // Changing one's mind leaves the order as it was: the way out says so ("Mbaje porosinë", issue 25).
    await dialog.getByRole('button', { name: 'Mbaje porosinë', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await stockOf(v.variantId)).toBe(stockBefore - 3);
    await page.getByRole('button', { name: 'Anulo porosinë' }).click();
    await dialog.getByRole('button', { name: 'Anulo porosinë' }).click();
    await page.getByText('Porosia u anulua. Artikujt u kthyen në stok.').waitFor();
    await page.locator('.dash-card .sales-badge.is-cancelled').first().waitFor();
    const history = page.getByTestId('order-history');
    await history.getByText('Anuluar').waitFor();
    expect(await history.locator('li').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Shëno si të dorëzuar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Anulo porosinë' }).count()).toBe(0);
    expect(await stockOf(v.variantId)).toBe(stockBefore - 1);
    await screenshot(page, 'orders-cod-cancelled-1280');

    // The list filters by state.
    await page.goto(`${journey.server.url}/dashboard/orders`);
    await page.getByTestId('order-state-filter').selectOption('cancelled');
    // The cancelled order was already on the unfiltered page: wait for the kept one to leave.
    await page.getByRole('link', { name: orderNumberOf(keep.orderId), exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: orderNumberOf(cancelMe.orderId), exact: true }).waitFor();
    await page.getByTestId('order-state-filter').selectOption('');
    await page.getByRole('link', { name: orderNumberOf(keep.orderId), exact: true }).waitFor();

    // Select both orders and print the slips.
    await page.getByRole('checkbox', { name: `Zgjidh porosinë ${orderNumberOf(keep.orderId)}` }).check();
    await page.getByRole('checkbox', { name: `Zgjidh porosinë ${orderNumberOf(cancelMe.orderId)}` }).check();
    await page.getByText('2 të zgjedhura').waitFor();
    await page.getByRole('link', { name: 'Printo fletët e dërgesës' }).click();
    await page.waitForURL(/\/dashboard\/print\?/);
    const slips = page.getByTestId('delivery-slip');
    await slips.first().waitFor();
    expect(await slips.count()).toBe(2);
    expect(await page.locator('.dash-sidebar').count()).toBe(0);
    const keepSlip = slips.filter({ hasText: 'Liridona Shala' });
    await keepSlip.getByText(`Për t'u paguar: ${keep.total.toFixed(2).replace('.', ',')} €`).waitFor();
    await keepSlip.getByText('+383 44 222 333', { exact: false }).first().waitFor();
    // JsBarcode drew the Code 128 bars into the SVG.
    expect(await keepSlip.getByTestId('slip-barcode').locator('rect').count()).toBeGreaterThan(10);
    const box = await keepSlip.boundingBox();
    // A6 is 105 x 148 mm: at 96 px per inch about 397 x 559 px.
    expect(Math.round(box!.width)).toBeGreaterThanOrEqual(395);
    expect(Math.round(box!.width)).toBeLessThanOrEqual(399);
    await screenshot(page, 'orders-cod-print-slips-1280');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.print-toolbar').isVisible()).toBe(false);
    await screenshot(page, 'orders-cod-print-slips-media-print');
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('link', { name: 'Lista e paketimit' }).click();
    const packing = page.getByTestId('packing-list');
    await packing.waitFor();
    await packing.getByText('Lista e paketimit (2 porosi)').waitFor();
    await packing.getByText('Liridona Shala', { exact: false }).waitFor();
    await screenshot(page, 'orders-cod-packing-list-1280');
  });

  it('imports a products CSV: the dry run reports a bad row by its number, the fixed file is checked, then imported', async () => {
    const db = journey.server.db;
    const [v] = await variantsInStock(db, 1);
    if (!v) throw new Error('no variant with stock in the demo catalogue');
    const known = await db
      .selectFrom('product_variants as pv')
      .innerJoin('products as p', 'p.product_id', 'pv.product_id')
      .innerJoin('categories as c', 'c.category_id', 'p.category_id')
      .innerJoin('main_categories as mc', 'mc.main_category_id', 'c.main_category_id')
      .select([
        'p.barcode',
        'p.name',
        'p.brand',
        'p.description',
        'p.price_cents',
        'c.category_name',
        'mc.main_category_name',
      ])
      .where('pv.variant_id', '=', v.variantId)
      .executeTakeFirstOrThrow();
    const category = `${known.main_category_name} / ${known.category_name}`;
    const cell = (x: string) => `"${x.replace(/"/g, '""')}"`;
    const line = (cells: string[]) => cells.map(cell).join(',');
    const header = 'barcode,name,brand,description,category,price,size,colour,stock';
    const existing = line([
      known.barcode,
      known.name,
      known.brand ?? '',
      known.description,
      category,
      (known.price_cents / 100).toFixed(2),
      v.sizeName,
      v.colorName,
      '77',
    ]);
    const fresh = (colour: string) =>
      line(['E2E-CSV-1', 'Shall mëndafshi', 'Butiku', 'I lehtë', category, '19.90', v.sizeName, colour, '4']);
    const bad = [header, existing, fresh("Ngjyrë që s'ekziston")].join('\r\n');
    const good = [header, existing, fresh(v.colorName)].join('\r\n');

    const { page } = await newPage(journey.browser, WIDE);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard/products`);
    await page.getByRole('link', { name: 'Importo CSV' }).click();
    await page.waitForURL(/\/dashboard\/import-products$/);
    await page.getByRole('heading', { name: 'Importo produktet nga CSV' }).waitFor();

    await page
      .getByTestId('csv-file')
      .setInputFiles({ name: 'produktet.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await page.getByRole('button', { name: 'Kontrollo' }).click();
    const errors = page.getByTestId('csv-errors');
    await errors.waitFor();
    expect(await errors.locator('tbody tr').count()).toBe(1);
    expect(await errors.locator('tbody tr td').allInnerTexts()).toEqual([
      '3',
      'colour',
      'Ngjyra "Ngjyrë që s\'ekziston" nuk ekziston.',
    ]);
    expect(await page.getByRole('button', { name: 'Importo', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'orders-cod-csv-errors-1280');
    expect(await db.selectFrom('products').select('product_id').where('barcode', '=', 'E2E-CSV-1').execute()).toEqual(
      [],
    );

    await page
      .getByTestId('csv-file')
      .setInputFiles({ name: 'produktet.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    expect(await page.getByTestId('csv-report').count()).toBe(0);
    await page.getByRole('button', { name: 'Kontrollo' }).click();
    await page.getByText('Nuk u gjet asnjë gabim.', { exact: false }).waitFor();
    await page.getByText('Produkte të reja: 1').waitFor();
    await page.getByText('Produkte që ndryshojnë: 1').waitFor();
    expect(await stockOf(v.variantId)).toBe(v.stock);
    await screenshot(page, 'orders-cod-csv-checked-1280');
    await page.getByRole('button', { name: 'Importo', exact: true }).click();
    await page.getByRole('heading', { name: 'Importi u krye. Produkte të reja: 1, të përditësuara: 1.' }).waitFor();
    expect(await stockOf(v.variantId)).toBe(77);
    expect(
      await db.selectFrom('products').select(['name', 'price_cents']).where('barcode', '=', 'E2E-CSV-1').execute(),
    ).toEqual([{ name: 'Shall mëndafshi', price_cents: 1990 }]);

    // The new product is on the staff list straight away (catalogue cache dropped).
    await page.getByRole('link', { name: 'Kthehu te produktet' }).click();
    await page.getByText('Shall mëndafshi').first().waitFor();

    const small = await newPage(journey.browser, MOBILE);
    await signInAs(small.page, journey.server.url, journey.server, 'staf@butiku.shop');
    await small.page.goto(`${journey.server.url}/dashboard/import-products`);
    await small.page
      .getByTestId('csv-file')
      .setInputFiles({ name: 'produktet.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await small.page.getByRole('button', { name: 'Kontrollo' }).click();
    await small.page.getByTestId('csv-errors').waitFor();
    const overflow = await small.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(small.page, 'orders-cod-csv-errors-375');
    await small.page.goto(`${journey.server.url}/dashboard/products`);
    await small.page.getByRole('link', { name: 'Importo CSV' }).waitFor();
    await screenshot(small.page, 'orders-cod-products-375');
  });
});
