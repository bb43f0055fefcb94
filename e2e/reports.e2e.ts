// Reports with pictures (issue 27, decision 230): staff opens /dashboard/reports for last month, reads the key
// figures (the same as the service's), sees the charts, switches a chart to its table, downloads its CSV, and reads the
// top lists and the rates by place; at 1366 and 375 px. The overview's chart shows revenue beside the orders. In an
// English browser the period's own dates are shown and typed dd.mm.yyyy, with a month calendar (decision 258).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysInMonth, formatDate, shopDayStartIso, shopToday } from '#shared/dates';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';
import { presetPeriod, rangeLabel } from '#shared/report-periods';
import { salesReport } from '#server/modules/reports';
import { insertOrder } from '#server/testing/factories';
import { signInAs } from './support/auth';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';

const journey = useJourney();
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations inside one part of the page (the period's fields with the calendar open). */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (part) => {
    type Result = { violations: Array<{ id: string; help: string; nodes: unknown[] }> };
    const axe = (window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<Result> } }).axe;
    const result = await axe.run(part, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
  }, selector);
}
const lastMonth = () => presetPeriod('lastMonth', shopToday());

/** Orders on every third day of last month, some cancelled or refused at the door, in three cities. */
beforeAll(async () => {
  const { from, to } = lastMonth();
  const cities = [
    ['Prishtinë', 'Kosova'],
    ['Tiranë', 'Shqipëri'],
    ['Prizren', 'Kosova'],
  ] as const;
  for (let day = from, n = 0; day <= to; day = addDays(day, 3), n++) {
    const at = new Date(Date.parse(shopDayStartIso(day)) + (10 + (n % 8)) * 3_600_000).toISOString();
    const [city, countryName] = cities[n % 3]!;
    await insertOrder(journey.server.db, {
      date: at,
      city,
      countryName,
      status: n % 4 === 0 ? 'pending' : 'delivered',
      closedAs: n % 7 === 3 ? 'returned' : n % 9 === 4 ? 'cancelled' : null,
      shippingCents: 200,
      discountCents: n % 5 === 0 ? 500 : 0,
      lines: [
        {
          name: n % 2 ? 'Fustan mëndafshi' : 'Xhaketë lëkure',
          qty: 1 + (n % 3),
          unitCents: 2500 + n * 100,
          size: 'M',
          color: 'E zezë',
        },
      ],
    });
  }
});

async function openLastMonth(page: Page) {
  await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
  await page.goto(`${journey.server.url}/dashboard/reports`);
  await page.getByRole('heading', { name: 'Raportet', level: 1 }).waitFor();
  await page.getByLabel('Periudha', { exact: true }).selectOption('lastMonth');
  const expected = await salesReport(journey.server, { ...lastMonth(), granularity: 'day' });
  await page.getByTestId('kpi-revenue').getByText(formatEuro(expected.current.revenue), { exact: true }).waitFor();
  await page.locator('[data-testid="report-chart-revenue"] canvas').first().waitFor();
  return expected;
}

describe('reports with pictures', () => {
  it('shows last month with charts, a table view and a CSV download at 1366 px', async () => {
    const { page, context } = await newPage(journey.browser, DESKTOP);
    const expected = await openLastMonth(page);
    expect(expected.current.orders).toBeGreaterThan(0);
    await expect(page.getByTestId('kpi-orders').locator('strong').textContent()).resolves.toBe(
      String(expected.current.orders),
    );
    await screenshot(page, 'reports-last-month-1366');

    // The revenue chart as a table: one row per day of last month, the money as the helper writes it.
    const card = page.getByTestId('report-chart-revenue');
    await card.getByRole('button', { name: 'Shfaq tabelën' }).click();
    const rows = card.locator('tbody tr');
    const { from, to } = lastMonth();
    expect(await rows.count()).toBe(expected.buckets.length);
    expect(expected.buckets[0]!.start).toBe(from);
    const busiest = expected.buckets.reduce((a, b) => (b.current.revenue > a.current.revenue ? b : a));
    await card.getByText(formatEuro(busiest.current.revenue), { exact: true }).first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-table-view-1366');

    // Its CSV: Albanian header, one row per day, plain decimals.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Shkarko CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`raporti-series-${from}_${to}.csv`);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]!.startsWith('Nga,Deri,Të ardhurat (€),Porositë')).toBe(true);
    expect(csv).toHaveLength(expected.buckets.length + 1);
    expect(csv.some((l) => l.includes(`,${busiest.current.revenue.toFixed(2)},`))).toBe(true);

    // Top lists and the rates by place.
    await page.getByTestId('report-top-products').getByText('Fustan mëndafshi').first().waitFor();
    const places = page.getByTestId('report-places');
    await places.getByText('Tiranë').first().waitFor();
    await places.scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-places-1366');
    await context.close();
  });

  it('fits a 375 px phone', async () => {
    const { page, context } = await newPage(journey.browser, MOBILE);
    await openLastMonth(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'reports-last-month-375');
    await page.getByTestId('report-chart-orders').scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-orders-chart-375');
    await page.getByTestId('report-places').scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-places-375');
    await context.close();
  });

  // Issue 35: an English browser showed and typed the native date fields as mm/dd/yyyy; the shop's own field
  // shows and takes dd.mm.yyyy whatever the browser's language (decision 258).
  for (const [viewport, name] of [
    [DESKTOP, '1366'],
    [MOBILE, '375'],
  ] as const) {
    it(`in an English browser, shows and takes dd.mm.yyyy for a period of its own at ${name} px`, async () => {
      const { page, context } = await newPage(journey.browser, viewport, { locale: 'en-US' });
      expect(await page.evaluate(() => navigator.language)).toBe('en-US');
      await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
      await page.goto(`${journey.server.url}/dashboard/reports`);
      await page.getByRole('heading', { name: 'Raportet', level: 1 }).waitFor();
      await page.getByLabel('Periudha', { exact: true }).selectOption('custom');

      // The preset's days, shown the shop's way; the hint says how to type one.
      const today = shopToday();
      const fromField = page.getByLabel('Nga data', { exact: true });
      const toField = page.getByLabel('Deri më', { exact: true });
      await expect.poll(() => fromField.inputValue()).toBe(formatDate(addDays(today, -29)));
      expect(await toField.inputValue()).toBe(formatDate(today));
      expect(await fromField.getAttribute('placeholder')).toBe('dd.mm.vvvv');

      // Last month typed: the first day with its own dots and no zeros, the last as bare digits (dots put in).
      const { from, to } = lastMonth();
      const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
      await fromField.fill(`${fd}.${fm}.${fy}`);
      await fromField.press('Tab');
      expect(await fromField.inputValue()).toBe(formatDate(from));
      await toField.fill('');
      await toField.pressSequentially(formatDate(to).replaceAll('.', ''));
      expect(await toField.inputValue()).toBe(formatDate(to));
      await toField.press('Enter');
      const expected = await salesReport(journey.server, { from, to, granularity: 'day' });
      await page.getByTestId('kpi-revenue').getByText(formatEuro(expected.current.revenue), { exact: true }).waitFor();
      await screenshot(page, `reports-typed-dates-en-${name}`);

      // An impossible date says why under its field; the report waits for two dates.
      await fromField.fill(`31.02.${fy}`);
      await fromField.press('Tab');
      await page.getByText(`Kjo datë nuk ekziston: në shkurt ${fy} ka vetëm ${daysInMonth(fy, 2)} ditë.`).waitFor();
      await page.getByText('Shkruani të dyja datat e periudhës, si dd.mm.vvvv.').waitFor();
      expect(await fromField.getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, `reports-impossible-date-en-${name}`);

      // The end field's calendar (on the right half of a phone): it opens on its day, fits the screen, and the
      // keyboard picks the day before; the focus comes back to the field.
      await page
        .locator('.report-field', { has: toField })
        .getByRole('button', { name: 'Zgjidhni datën në kalendar' })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const monthName = staffMessages.dateField.months[Number(to.slice(5, 7)) - 1]!;
      await dialog.getByText(`${monthName[0]!.toUpperCase()}${monthName.slice(1)} ${to.slice(0, 4)}`).waitFor();
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `reports-calendar-open-en-${name}`);
      expect(await axeViolations(page, '.report-controls')).toEqual([]);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-day'))).toBe(to);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      expect(await toField.inputValue()).toBe(formatDate(addDays(to, -1)));
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('report-to');

      // Escape closes the start field's calendar, the focus back on the field; then the start is typed right.
      const fromBox = page.locator('.report-field', { has: fromField });
      await fromBox.getByRole('button', { name: 'Zgjidhni datën në kalendar' }).click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('report-from');
      await fromField.fill(formatDate(from));
      await fromField.press('Tab');
      await page
        .getByTestId('report-period')
        .getByText(rangeLabel(from, addDays(to, -1)), { exact: false })
        .waitFor();
      await context.close();
    });
  }

  it('puts revenue on the overview chart beside the orders', async () => {
    const { page, context } = await newPage(journey.browser, DESKTOP);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Porositë dhe të ardhurat në 30 ditët e fundit' }).waitFor();
    await page.locator('.sales-chart canvas').first().waitFor();
    // The legend names both series.
    await page.locator('.u-legend').getByText('Të ardhurat').waitFor();
    await screenshot(page, 'reports-overview-chart-1366');
    await page.getByRole('button', { name: 'Shfaq tabelën' }).click();
    expect(await page.locator('section[aria-labelledby="ov-chart"] tbody tr').count()).toBe(30);
    await context.close();
  });
});
