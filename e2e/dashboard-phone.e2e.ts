// The dashboard on a phone (issue 25): an administrator visits every dashboard screen (the list is read from
// src/client/routes/dashboard/, the $id screens get real ids of the demo data) at 375 px and no page scrolls
// sideways; at 1366×900 the orders toggle is a control and Orders is in the sidebar's first screen. Photo
// uploads: one bad file among good ones is refused by name while the good ones are saved (1366 and 375 px).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fill, messages, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { signInAs } from './support/auth';
import { DESKTOP, MOBILE, newPage, openInApp, screenshot } from './support/browser';
import { useJourney } from './support/journey';

const journey = useJourney();
const ROUTES_DIR = path.resolve('src/client/routes/dashboard');

/** Each route file's URL path: dots are slashes, `index` and `route` are the folder itself. */
function routePaths(): string[] {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((f) => f.endsWith('.tsx') && !f.includes('.test.'))
    .map((f) => {
      const parts = f.replace(/\.tsx$/, '').split('.');
      const kept = parts.filter((p) => p !== 'index' && p !== 'route');
      return ['/dashboard', ...kept].join('/');
    })
    .filter((p, i, all) => all.indexOf(p) === i)
    .sort();
}

/** Real ids of the demo data for every route with a parameter. */
async function demoIds() {
  const db = journey.server.db;
  const first = async <T>(q: Promise<T | undefined>) => {
    const row = await q;
    if (!row) throw new Error('demo data has no row for a dashboard screen');
    return row;
  };
  const category = await first(db.selectFrom('categories').select('category_id as id').executeTakeFirst());
  const country = await first(db.selectFrom('countries').select('country_id as id').executeTakeFirst());
  const discount = await first(
    db.selectFrom('product_discounts').select('product_discount_id as id').executeTakeFirst(),
  );
  const promo = await first(db.selectFrom('promo_codes').select('promo_code_discount_id as id').executeTakeFirst());
  const event = await first(db.selectFrom('events').select('event_id as id').executeTakeFirst());
  const product = await first(db.selectFrom('products').select('product_id as id').executeTakeFirst());
  const size = await first(db.selectFrom('sizes').select('size_id as id').executeTakeFirst());
  const user = await first(db.selectFrom('users').select('user_id as id').where('role_id', '=', 1).executeTakeFirst());
  const orders = await db.selectFrom('orders').select('order_id as id').orderBy('order_id').limit(3).execute();
  const guide = await first(
    db.selectFrom('size_guides').select('category_id as id').where('category_id', 'is not', null).executeTakeFirst(),
  );
  return { category, country, discount, promo, event, product, size, user, guide, orders: orders.map((o) => o.id) };
}

/** The URL to open for each route path (parameters filled in, the print view with three orders). */
async function urlsFor(paths: string[]): Promise<Map<string, string>> {
  const ids = await demoIds();
  const params: Record<string, string> = {
    '/dashboard/edit-category/$id': `/dashboard/edit-category/${ids.category.id}`,
    '/dashboard/edit-country/$id': `/dashboard/edit-country/${ids.country.id}`,
    '/dashboard/edit-discount/$id': `/dashboard/edit-discount/${ids.discount.id}`,
    '/dashboard/edit-discount/promo/$id': `/dashboard/edit-discount/promo/${ids.promo.id}`,
    '/dashboard/edit-event/$id': `/dashboard/edit-event/${ids.event.id}`,
    '/dashboard/edit-product/$productID': `/dashboard/edit-product/${ids.product.id}`,
    '/dashboard/edit-size/$id': `/dashboard/edit-size/${ids.size.id}`,
    '/dashboard/edit-user/$id': `/dashboard/edit-user/${ids.user.id}`,
    '/dashboard/orderDetails/$id': `/dashboard/orderDetails/${ids.orders[0]}`,
    '/dashboard/print': `/dashboard/print?ids=${ids.orders.join(',')}&kind=slips`,
    '/dashboard/size-guide/$scope/$id': `/dashboard/size-guide/category/${ids.guide.id}`,
  };
  const extra = { '/dashboard/print (packing)': `/dashboard/print?ids=${ids.orders.join(',')}&kind=packing` };
  const urls = new Map<string, string>();
  for (const p of paths) {
    if (p.includes('$') && !params[p]) throw new Error(`no demo id for ${p}: add it to dashboard-phone.e2e.ts`);
    urls.set(p, params[p] ?? p);
  }
  for (const [name, url] of Object.entries(extra)) urls.set(name, url);
  return urls;
}

/** Waits until the screen shows its data (no loading text left), then a frame more. */
async function settle(page: Page) {
  await page.waitForFunction((text) => !document.body.innerText.includes(text), messages.common.loading, {
    timeout: 15_000,
  });
  await page.waitForTimeout(150);
}

const widths = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));

describe('dashboard on a phone', () => {
  it('every dashboard screen fits 375 px without sideways scrolling', async () => {
    const paths = routePaths();
    expect(paths.length).toBeGreaterThan(30);
    const urls = await urlsFor(paths);
    const { context, page } = await newPage(journey.browser, MOBILE);
    await signInAs(page, journey.server.url, journey.server, 'admin@butiku.shop');
    const overflowing: string[] = [];
    // The first screen loads in full; the app's own navigation opens the others (openInApp), as the sidebar does.
    for (const [i, [route, url]] of [...urls].entries()) {
      if (i === 0) await page.goto(`${journey.server.url}${url}`);
      else await openInApp(page, url);
      await page.locator('.dash-content h1, .print-toolbar').first().waitFor({ timeout: 15_000 });
      await settle(page);
      const w = await widths(page);
      const name = route.replace(/^\/dashboard\/?/, '').replace(/[^a-z0-9-]+/gi, '_') || 'overview';
      await screenshot(page, `dashboard-phone-${name}`);
      if (w.scroll > MOBILE.width || w.client !== MOBILE.width) overflowing.push(`${route} ${w.scroll}px`);
    }
    await context.close();
    expect(overflowing).toEqual([]);
    // Every dashboard screen (over 30) in one test: about a minute alone, more beside three other journeys.
  }, 300_000);

  it('the orders list shows its first order in the first screen; an order puts the next stage first, deleting last', async () => {
    const { context, page } = await newPage(journey.browser, MOBILE);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard/orders`);
    // The first row that is an order (the table may show a loading row first).
    const firstOrder = page
      .locator('.dash-content tbody tr')
      .filter({ has: page.locator('a[href*="/dashboard/orderDetails/"]') })
      .first();
    await firstOrder.waitFor();
    // Export is folded under its button; the selection's buttons wait for a tick; the stage chips are one line.
    expect(await page.getByTestId('export-from').isVisible()).toBe(false);
    expect(await page.getByTestId('order-selection').isVisible()).toBe(false);
    await expect.poll(async () => (await firstOrder.boundingBox())?.y ?? Infinity).toBeLessThan(MOBILE.height / 2);
    await firstOrder.getByRole('checkbox').check();
    await page.getByTestId('order-selection').waitFor();
    await page.getByText(staffMessages.orderLifecycle.exportCsv, { exact: true }).click();
    await page.getByTestId('export-from').waitFor();
    await screenshot(page, 'dashboard-phone-orders-export');
    // The export's end date: its calendar (decision 258) opens inside the phone's screen; Escape closes it.
    await page
      .locator('.sales-export__panel .dash-field', { has: page.getByTestId('export-to') })
      .getByRole('button', { name: staffMessages.dateField.openCalendar })
      .click();
    const calendar = page.getByRole('dialog', { name: /\d{4}$/ });
    await calendar.waitFor();
    const box = (await calendar.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'dashboard-phone-orders-export-calendar');
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });

    const confirmed = await journey.server.db
      .selectFrom('orders')
      .select('order_id')
      .where('status', '=', 'pending')
      .where('stage', '=', 'confirmed')
      .executeTakeFirstOrThrow();
    await page.goto(`${journey.server.url}/dashboard/orderDetails/${confirmed.order_id}`);
    const next = page.getByTestId('stage-card').getByRole('button', { name: staffMessages.orderStages.pack });
    const remove = page.getByRole('button', { name: messages.common.delete, exact: true });
    await next.waitFor();
    const [nextY, removeY] = [(await next.boundingBox())!.y, (await remove.boundingBox())!.y];
    expect(nextY).toBeLessThan(MOBILE.height);
    expect(removeY).toBeGreaterThan(nextY);
    // Nothing that ends or deletes the order stands between the top and the next stage.
    const between = await page.evaluate((y) => {
      const words = ['Anulo porosinë', 'Fshij'];
      return [...document.querySelectorAll('button')]
        .filter((b) => b.checkVisibility() && words.includes(b.textContent!.trim()) && b.getBoundingClientRect().y < y)
        .map((b) => b.textContent);
    }, nextY);
    expect(between).toEqual([]);
    await context.close();
  });
});

describe('the print view on a phone', () => {
  it('shows the slips within 375 px, while the printed slips stay A6 (105 × 148 mm) and unzoomed', async () => {
    const { context, page } = await newPage(journey.browser, MOBILE);
    await signInAs(page, journey.server.url, journey.server, 'admin@butiku.shop');
    const { orders } = await demoIds();
    await page.goto(`${journey.server.url}/dashboard/print?ids=${orders.join(',')}&kind=slips`);
    const slip = page.locator('[data-testid=delivery-slip]').first();
    await slip.waitFor();
    const onScreen = (await slip.boundingBox())!;
    expect(onScreen.x).toBeGreaterThanOrEqual(0);
    expect(onScreen.x + onScreen.width).toBeLessThanOrEqual(MOBILE.width);
    await page.emulateMedia({ media: 'print' });
    const printed = await slip.evaluate((el) => ({ zoom: getComputedStyle(el).zoom, box: el.getBoundingClientRect() }));
    expect(printed.zoom).toBe('1');
    // 105 mm × 148 mm at 96 px per inch.
    expect(Math.round(printed.box.width)).toBe(Math.round((105 / 25.4) * 96));
    expect(Math.round(printed.box.height)).toBe(Math.round((148 / 25.4) * 96));
    await context.close();
  });
});

describe('dashboard on a laptop (1366×900)', () => {
  it('the orders toggle is a one-line switch and Orders is in the sidebar’s first screen', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    await signInAs(page, journey.server.url, journey.server, 'admin@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard/orders/pending`);
    const tabs = page.locator('nav.sales-tabs');
    await tabs.waitFor();
    await settle(page);
    await screenshot(page, 'dashboard-laptop-orders-pending');
    const box = (await tabs.boundingBox())!;
    const links = await tabs.locator('a').evaluateAll((as) =>
      as.map((a) => {
        const r = a.getBoundingClientRect();
        return { text: a.textContent, w: r.width, h: r.height, lines: Math.round(r.height / 20), active: a.className };
      }),
    );
    // A pill of two one-line options, not a tall black blob: short, wider than high, the active one on its own.
    expect(box.height).toBeLessThan(48);
    for (const l of links) expect(l.h, `${l.text}`).toBeLessThan(40);
    const active = links.find((l) => l.active.includes('is-active'))!;
    expect(active.text).toBe(staffMessages.dashboard.pendingOrders);
    expect(active.w).toBeGreaterThan(active.h * 2);

    const sidebar = page.locator('nav.dash-sidebar');
    for (const href of ['/dashboard/orders', '/dashboard/orders/pending']) {
      const link = sidebar.locator(`a[href="${href}"]`);
      const r = (await link.boundingBox())!;
      expect(r.y + r.height, href).toBeLessThanOrEqual(DESKTOP.height);
    }
    expect(await sidebar.evaluate((el) => el.scrollTop)).toBe(0);
    await context.close();
  });
});

const png = async (hex: string) =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: hex } })
    .png()
    .toBuffer();
/** Two real photos, one PDF called .jpg (only the server can tell) and a text file (the browser refuses it). */
async function batch() {
  return [
    { name: 'fustan-para.png', mimeType: 'image/png', buffer: await png('#b4475d') },
    { name: 'fatura.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4 nuk është foto') },
    { name: 'fustan-mbrapa.png', mimeType: 'image/png', buffer: await png('#2f4f7f') },
    { name: 'shenime.txt', mimeType: 'text/plain', buffer: Buffer.from('shënime') },
  ];
}
const d = staffMessages.dashboard;
const refusedText = (name: string, reason: string) => fill(d.fileRefused, { name, reason });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();
const imageCount = async (productId: number) =>
  Number(
    (
      await journey.server.db
        .selectFrom('product_images')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The refusals listed under a colour's dropzone. */
const refusalsIn = (page: Page, colorId: number) =>
  page
    .locator('.dash-media', { has: page.locator(`#media-${colorId}`) })
    .locator('[data-testid=refused-files] li')
    .allTextContents();

describe('photo uploads: one bad file among good ones', () => {
  it('1366: the edit form keeps the good photos, names the bad ones, and a fixed field loses its message', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    await signInAs(page, journey.server.url, journey.server, 'admin@butiku.shop');
    const product = await journey.server.db
      .selectFrom('products')
      .innerJoin('product_variants', 'product_variants.product_id', 'products.product_id')
      .select(['products.product_id as id', 'product_variants.color_id as colorId', 'products.name'])
      .orderBy('products.product_id', 'desc')
      .executeTakeFirstOrThrow();
    const before = await imageCount(product.id);
    await page.goto(`${journey.server.url}/dashboard/edit-product/${product.id}`);
    await page.locator(`#media-${product.colorId}`).waitFor({ state: 'attached' });

    // A fixed field loses its message at once (the product form sets its values section by section).
    await page.fill('#p-name', '');
    await page.locator('form.dash-form button[type=submit]').click();
    await expect.poll(() => page.locator('#p-name-error').textContent()).toBe(d.nameRequired);
    await page.fill('#p-name', product.name);
    expect(await page.locator('#p-name-error').count()).toBe(0);

    await page.setInputFiles(`#media-${product.colorId}`, await batch());
    // The browser refuses the text file by its name and keeps the three others.
    expect(await refusalsIn(page, product.colorId)).toEqual([refusedText('shenime.txt', d.imageTypeRejected)]);
    const card = page.locator('.dash-media', { has: page.locator(`#media-${product.colorId}`) });
    const saved = card.locator('.dash-thumbs li img[src*="/api/Product/images/"]');
    const savedBefore = await saved.count();
    expect(await card.locator('.dash-thumbs img[src^="blob:"]').count()).toBe(3);
    await page.locator('form.dash-form button[type=submit]').click();
    await expect.poll(() => toast(page, plural(d.imagesPartlySaved, 1)).isVisible()).toBe(true);
    // The browser's refusal stays beside the server's: both files are named.
    await expect
      .poll(() => refusalsIn(page, product.colorId))
      .toEqual([refusedText('shenime.txt', d.imageTypeRejected), refusedText('fatura.jpg', d.imageTypeRejected)]);
    expect(await imageCount(product.id)).toBe(before + 2);
    // The two good photos are now among the colour's saved photos; nothing waits to be sent.
    await expect.poll(() => saved.count()).toBe(savedBefore + 2);
    expect(await card.locator('.dash-thumbs img[src^="blob:"]').count()).toBe(0);
    expect(page.url()).toContain(`/dashboard/edit-product/${product.id}`);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-upload-refused-1366');
    await context.close();
  });

  it('375: a new product opens its edit page with the bad photo named and the good ones saved', async () => {
    const { context, page } = await newPage(journey.browser, MOBILE);
    await signInAs(page, journey.server.url, journey.server, 'admin@butiku.shop');
    const db = journey.server.db;
    const category = await db
      .selectFrom('categories')
      .select(['category_id', 'main_category_id'])
      .orderBy('category_id')
      .executeTakeFirstOrThrow();
    const color = await db.selectFrom('colors').select('color_id').orderBy('color_id').executeTakeFirstOrThrow();
    await page.goto(`${journey.server.url}/dashboard/add-products`);
    await page.locator('#p-name').waitFor();
    await page.fill('#p-name', 'Fustan i provës në telefon');
    await page.fill('#p-price', '39.90');
    await page.selectOption('#p-main', String(category.main_category_id));
    await page.locator(`#p-sub option[value="${category.category_id}"]`).waitFor({ state: 'attached' });
    await page.selectOption('#p-sub', String(category.category_id));
    await page.getByLabel(`${d.chooseSize} 1`, { exact: true }).selectOption({ index: 1 });
    await page.getByLabel(`${d.chooseColor} 1`, { exact: true }).selectOption(String(color.color_id));
    await page.getByLabel(`${d.stockQuantity} 1`, { exact: true }).fill('4');
    await page.setInputFiles(`#media-${color.color_id}`, await batch());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.locator(`#media-${color.color_id}`).evaluate((el) => el.closest('.dash-media')!.scrollIntoView());
    await screenshot(page, 'dashboard-upload-chosen-375');
    await page.locator('form.dash-form button[type=submit]').click();

    await page.waitForURL(/\/dashboard\/edit-product\/\d+$/, { timeout: 15_000 });
    const productId = Number(page.url().split('/').pop());
    await expect.poll(() => refusalsIn(page, color.color_id)).toEqual([refusedText('fatura.jpg', d.imageTypeRejected)]);
    expect(await imageCount(productId)).toBe(2);
    const card = page.locator('.dash-media', { has: page.locator(`#media-${color.color_id}`) });
    expect(await card.locator('.dash-thumbs li img[src*="/api/Product/images/"]').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await card.evaluate((el) => el.scrollIntoView());
    await screenshot(page, 'dashboard-upload-refused-375');

    // Picking new photos for the colour takes the old refusal away.
    await page.setInputFiles(`#media-${color.color_id}`, [
      { name: 'tjeter.png', mimeType: 'image/png', buffer: await png('#999999') },
    ]);
    expect(await refusalsIn(page, color.color_id)).toEqual([]);
    await context.close();
  });

  it('375: colour detection names the photo it cannot use and keeps the good ones chosen', async () => {
    const { context, page } = await newPage(journey.browser, MOBILE);
    await signInAs(page, journey.server.url, journey.server, 'admin@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard/add-colors`);
    await page.locator('#color-images').waitFor({ state: 'attached' });
    const files = await batch();
    await page.setInputFiles('#color-images', files.slice(0, 3));
    await page.getByRole('button', { name: d.extractColors }).click();
    await expect
      .poll(() => page.locator('[data-testid=refused-files] li').allTextContents())
      .toEqual([refusedText('fatura.jpg', d.imageTypeRejected)]);
    expect(await page.locator('.dash-thumbs li').count()).toBe(2);
    await page.getByRole('button', { name: d.extractColors }).click();
    await page.locator('#detected-title').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'dashboard-colors-detected-375');
    await context.close();
  });
});
