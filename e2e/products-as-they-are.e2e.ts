// Products as they are (issue 25, decision 216), at 1366 and 375 px: a perfume of the demo catalogue has no colour,
// so a shopper buys it choosing none and no line names one; staff type "59,90" and the shop shows 59,90 €, the size ×
// colour generator makes a 3 × 2 grid in one step, and a price over ten times the current one asks first.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fill } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';
import { signInAs } from './support/auth';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { fillCheckoutForm } from './support/checkout';
import { useJourney } from './support/journey';

const journey = useJourney();
const m = staffMessages.dashboard;
const db = () => journey.server.db;

/** Perfumes of the demo catalogue with stock to sell, in product order. */
function perfumesInStock() {
  return db()
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.product_id', 'v.product_id')
    .innerJoin('categories as cat', 'cat.category_id', 'p.category_id')
    .innerJoin('colors as c', 'c.color_id', 'v.color_id')
    .select(['p.product_id', 'p.name', 'v.variant_id', 'c.hex_code'])
    .where('cat.category_name', '=', 'Parfume')
    .where('p.is_active', '=', 1)
    .where('v.stock_quantity', '>=', 2)
    .orderBy('p.product_id')
    .execute();
}

const priceCents = async (productId: number) =>
  (
    await db()
      .selectFrom('products')
      .select('price_cents')
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow()
  ).price_cents;

async function buyPerfume(page: Page, label: string, nth: number) {
  const perfume = (await perfumesInStock())[nth]!;
  expect(perfume.hex_code).toBe(''); // the demo's perfumes come in "no colour"
  await page.goto(`${journey.server.url}/productDetails/${perfume.product_id}`);
  await page.getByRole('heading', { name: perfume.name }).waitFor();
  expect(await page.getByTestId('color-picker').count()).toBe(0);
  expect(await page.locator('.product__info').textContent()).not.toContain(productMessages.color);
  await screenshot(page, `colourless-product-${label}`);
  await page.getByRole('button', { name: productMessages.addToCart, exact: true }).click();
  await page.getByText(productMessages.addedToCart).first().waitFor();
  const added = page.locator('.mini-cart__line');
  await added.waitFor();
  expect(await added.locator('.mini-cart__meta').first().textContent()).toBe('Një madhësi');
  await screenshot(page, `colourless-mini-cart-${label}`);
  return perfume;
}

async function checkOut(page: Page, label: string, email: string): Promise<number> {
  await page.goto(`${journey.server.url}/cart`);
  const line = page.locator('.cart-line');
  await line.waitFor();
  expect(await line.locator('.cart-line__meta').textContent()).not.toContain(productMessages.color);
  await page.getByTestId('cart-subtotal').filter({ hasNotText: '…' }).waitFor();
  await screenshot(page, `colourless-cart-${label}`);
  await page.getByRole('button', { name: 'Vazhdo me porosinë' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await fillCheckoutForm(dialog, {
    email,
    firstName: 'Blerta',
    lastName: 'Morina',
    phoneNumber: '+38344555666',
    country: { index: 1 },
    city: 'Ferizaj',
    address: 'Rr. Dëshmorët 10',
    zipCode: '70000',
  });
  expect(await dialog.getByTestId('checkout-lines').textContent()).not.toContain(' · Një madhësi');
  await screenshot(page, `colourless-checkout-${label}`);
  await dialog.getByRole('button', { name: 'Porosit', exact: true }).click();
  await page.waitForURL(/\/order-confirmation\/\d+$/, { timeout: 20_000 });
  await page.locator('.confirmation__line').first().waitFor();
  expect(await page.locator('.confirmation__line-meta').first().textContent()).toBe(
    `${productMessages.size}: Një madhësi`,
  );
  await screenshot(page, `colourless-confirmation-${label}`);
  return Number(page.url().split('/').pop());
}

/** Ticks the generator's boxes by their labels. */
async function tick(page: Page, testId: string, labels: string[]) {
  for (const l of labels) await page.getByTestId(testId).getByLabel(l, { exact: true }).check();
}

async function createWithGenerator(page: Page, label: string, name: string): Promise<number> {
  const category = await db()
    .selectFrom('categories')
    .select('category_id')
    .where('category_name', '=', 'Bluza & Këmisha')
    .executeTakeFirstOrThrow();
  await page.goto(`${journey.server.url}/dashboard/add-products`);
  await page.locator('#p-name').waitFor();
  await page.fill('#p-name', name);
  await page.fill('#p-price', '59,90'); // as the shop writes it
  await screenshot(page, `price-typed-${label}`);
  await page.selectOption('#p-main', '1');
  await page.locator(`#p-sub option[value="${category.category_id}"]`).waitFor({ state: 'attached' });
  await page.selectOption('#p-sub', String(category.category_id));
  await page.getByTestId('generator-colours').getByLabel('E zezë', { exact: true }).waitFor();
  await tick(page, 'generator-sizes', ['S', 'M', 'L']);
  await tick(page, 'generator-colours', ['E zezë', 'E bardhë']);
  await page.getByLabel(m.generatorStock).fill('5');
  await page.getByRole('button', { name: 'Krijo 6 variante' }).click();
  await page.getByText('U shtuan 6 variante.').waitFor();
  expect(await page.locator('.dash-variants tbody tr').count()).toBe(6);
  await page.getByTestId('variant-generator').scrollIntoViewIfNeeded();
  await screenshot(page, `generator-3x2-${label}`);
  await page.getByRole('button', { name: 'Ruaj' }).click();
  await page.waitForURL(/\/dashboard\/products$/, { timeout: 20_000 });
  const product = await db()
    .selectFrom('products')
    .select(['product_id', 'price_cents'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  expect(product.price_cents).toBe(5990); // 59,90 €, not 5 990 €
  const variants = await db()
    .selectFrom('product_variants')
    .select(['size_id', 'color_id', 'stock_quantity'])
    .where('product_id', '=', product.product_id)
    .execute();
  expect(variants).toHaveLength(6);
  expect(new Set(variants.map((v) => `${v.size_id}:${v.color_id}`)).size).toBe(6);
  expect(variants.every((v) => v.stock_quantity === 5)).toBe(true);
  return product.product_id;
}

/** Staff see a perfume's "Pa ngjyrë" in its form, and the manual order builder asks for its size alone. */
async function staffSeeNoColour(page: Page, label: string) {
  const perfume = (await perfumesInStock())[2]!;
  await page.goto(`${journey.server.url}/dashboard/edit-product/${perfume.product_id}`);
  await page.locator('#p-price').waitFor();
  const colour = page.getByLabel(`${m.chooseColor} 1`, { exact: true });
  await expect.poll(async () => colour.locator('option:checked').textContent()).toBe('Pa ngjyrë');
  await colour.scrollIntoViewIfNeeded();
  await screenshot(page, `colourless-product-form-${label}`);

  await page.goto(`${journey.server.url}/dashboard/add-orders`);
  await page.locator('.sales-product', { hasText: perfume.name }).first().click();
  const sizes = page.getByRole('group', { name: 'Zgjidhni madhësinë' });
  await sizes.waitFor();
  expect(await page.getByRole('group', { name: 'Zgjidhni ngjyrën' }).count()).toBe(0);
  await sizes.getByRole('button', { name: 'Një madhësi', exact: true }).click();
  await page.getByRole('button', { name: 'Shto në shportë' }).click();
  await page.locator('#mo-cart').waitFor();
  await page.locator('#mo-cart').scrollIntoViewIfNeeded();
  await screenshot(page, `colourless-order-builder-${label}`);
}

async function tenfoldAsksFirst(page: Page, label: string, productId: number) {
  await page.goto(`${journey.server.url}/dashboard/edit-product/${productId}`);
  await page.locator('#p-price').waitFor();
  expect(await page.inputValue('#p-price')).toBe('59,90');
  await page.fill('#p-price', '599,01');
  await page.getByRole('button', { name: 'Ruaj' }).click();
  const dialog = page.locator('dialog.dash-dialog[open]');
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(
    fill(m.priceJump, { price: formatEuro(599.01), current: formatEuro(59.9) }),
  );
  await screenshot(page, `price-tenfold-confirm-${label}`);
  await dialog.getByRole('button', { name: staffMessages.dashboard.priceJumpKeep }).click();
  await dialog.waitFor({ state: 'detached' }).catch(() => dialog.waitFor({ state: 'hidden' }));
  expect(page.url()).toContain(`/edit-product/${productId}`);
  expect(await priceCents(productId)).toBe(5990); // nothing saved
  await page.getByRole('button', { name: 'Ruaj' }).click();
  await dialog.waitFor();
  await dialog.getByRole('button', { name: m.priceJumpConfirm }).click();
  await page.waitForURL(/\/dashboard\/products$/, { timeout: 20_000 });
  expect(await priceCents(productId)).toBe(59901);
}

describe.each([
  ['1366', DESKTOP, 0],
  ['375', MOBILE, 1],
] as const)('products as they are at %s px', (label, viewport, nth) => {
  it('a perfume (no colour) is bought without a colour choice, and no line names a colour', async () => {
    const { context, page } = await newPage(journey.browser, viewport);
    const perfume = await buyPerfume(page, label, nth);
    const orderId = await checkOut(page, label, `parfum-${label}@example.com`);
    const lines = await db()
      .selectFrom('order_details')
      .select(['variant_id', 'color', 'size'])
      .where('order_id', '=', orderId)
      .execute();
    expect(lines).toEqual([{ variant_id: perfume.variant_id, color: '', size: 'Një madhësi' }]);
    await context.close();
  });

  it('staff type "59,90", the generator makes a 3 × 2 grid, the shop shows 59,90 € and a tenfold price asks first', async () => {
    const { context, page } = await newPage(journey.browser, viewport);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    const name = `Bluzë liri ${label}`;
    const productId = await createWithGenerator(page, label, name);

    await page.goto(`${journey.server.url}/productDetails/${productId}`);
    await page.getByRole('heading', { name }).waitFor();
    await expect.poll(async () => (await page.locator('.product__price').textContent()) ?? '').toBe(formatEuro(59.9));
    expect(await page.getByTestId('color-picker').count()).toBe(1); // real colours keep their picker
    await screenshot(page, `price-59-90-in-shop-${label}`);

    await tenfoldAsksFirst(page, label, productId);
    await staffSeeNoColour(page, label);
    await context.close();
  });
});
