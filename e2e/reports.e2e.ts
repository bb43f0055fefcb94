// Reports with pictures (issue 27, decision 230): staff opens /dashboard/reports for last month, reads the key
// figures (the same as the service's), sees the charts, switches a chart to its table, downloads its CSV, and reads the
// top lists and the rates by place; at 1366 and 375 px. The overview's chart shows revenue beside the orders.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDayStartIso, shopToday } from '../src/shared/dates';
import { formatEuro } from '../src/shared/money';
import { presetPeriod } from '../src/shared/report-periods';
import { salesReport } from '../src/server/modules/reports';
import { insertOrder } from '../src/server/testing/factories';
import { signInAs } from './support/auth';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';

const journey = useJourney();
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
