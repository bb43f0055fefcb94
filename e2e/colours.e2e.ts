// Colours by name and hex (issue 35), at 1366 and 375 px: staff add one by typing its name and code, then rename
// and recolour one the shop uses from the list, and the shop's filter and product page show the new name.
import { describe, expect, it } from 'vitest';
import { fill, messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { signInAs } from './support/auth';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';

const journey = useJourney();
const m = staffMessages.dashboard;

describe('colours by name and hex', () => {
  for (const [size, name] of [
    [DESKTOP, '1366'],
    [MOBILE, '375'],
  ] as const)
    it(`add one by name and code, then edit one the shop uses, ${name} px`, async () => {
      const { context, page } = await newPage(journey.browser, size);
      await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
      await page.goto(`${journey.server.url}/dashboard/add-colors`);
      const add = page.locator('form.color-form');
      await add.getByLabel(m.colorName).fill(`Mente ${name}`);
      // A bad code is refused on its field before anything is sent.
      await add.getByLabel(m.colHex).fill('jeshile');
      await add.getByRole('button', { name: m.addColor }).click();
      await expect.poll(() => add.getByLabel(m.colHex).getAttribute('aria-invalid')).toBe('true');
      await add.getByLabel(m.colHex).fill('#98ff98');
      await screenshot(page, `colours-add-${name}`);
      await add.getByRole('button', { name: m.addColor }).click();
      await page.waitForURL(/\/dashboard\/colors$/);
      const added = await journey.server.db
        .selectFrom('colors')
        .select(['color_name', 'hex_code'])
        .where('color_name', '=', `Mente ${name}`)
        .executeTakeFirstOrThrow();
      expect(added.hex_code).toBe('#98FF98');

      // A colour products wear, renamed and recoloured from the list.
      const worn = await journey.server.db
        .selectFrom('colors as co')
        .innerJoin('product_variants as v', 'v.color_id', 'co.color_id')
        .innerJoin('products as p', 'p.product_id', 'v.product_id')
        .select(['co.color_id', 'co.color_name', 'p.product_id'])
        .where('co.hex_code', '<>', '')
        .where('p.is_active', '=', 1)
        .orderBy('co.color_id')
        .executeTakeFirstOrThrow();
      const newName = `${worn.color_name} e re ${name}`;
      await page.getByRole('button', { name: `${messages.common.edit}: ${worn.color_name}`, exact: true }).click();
      const edit = page.locator('form.color-form');
      await edit.getByRole('heading', { name: fill(m.editColor, { name: worn.color_name }) }).waitFor();
      // It opens where the eye is: on screen, its title focused.
      const box = (await edit.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeLessThan(size.height);
      await edit.getByLabel(m.colorName).fill(newName);
      await edit.getByLabel(m.colHex).fill('#7a1f3d');
      await screenshot(page, `colours-edit-${name}`);
      await edit.getByRole('button', { name: messages.common.save, exact: true }).click();
      await expect.poll(() => page.locator('form.color-form').count()).toBe(0);
      await page.getByText(newName, { exact: true }).first().waitFor();
      const row = await journey.server.db
        .selectFrom('colors')
        .select(['color_name', 'hex_code'])
        .where('color_id', '=', worn.color_id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ color_name: newName, hex_code: '#7A1F3D' });

      // The shop names it so at once: the filter's swatch and the product page.
      await page.goto(`${journey.server.url}/productDetails/${worn.product_id}`);
      await page.locator(`.color-option[data-color-name="${newName}"]`).waitFor();
      await page.goto(`${journey.server.url}/products`);
      if (name === '375') await page.getByRole('button', { name: /Filtr/ }).first().click();
      await page.getByRole('checkbox', { name: newName, exact: true }).waitFor({ state: 'attached' });
      await context.close();
    });
});
