// INP on a phone (issue 24, decision 214): choosing a size, "Shto në shportë" and opening the listing's filters,
// on the live page at 375 px with a 4× slower CPU (CDP throttling). Each interaction's latency is read as the
// browser reports it, from Event Timing entries (PerformanceObserver 'event', the source of web-vitals' INP): the
// longest entry of the interaction, input delay + processing + the next paint. An interaction under 16 ms reports
// no entry (the observer's lowest threshold) and counts as 16 ms. Bound: 200 ms ("good" INP) for the median try.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productMessages } from '#shared/messages/product';
import { listingMessages } from '#shared/messages/listing';
import { MOBILE, hydrationErrors } from './support/browser';
import { variantsInStock, type StockedVariant } from './support/catalog';
import { useJourney } from './support/journey';

const journey = useJourney();
const INP_BOUND_MS = 200;
/** The middle of the tries: one try on a machine busy with other suites says little on its own. */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
// Five: on the 2-core runner of decision 290 a try of opening the filters took 112–320 ms, and a median of three
// crossed the bound in two CI runs of eight (decision 292).
const TRIES = Number(process.env.INP_TRIES ?? 5);

type EventWindow = Window & { __events?: Array<{ id: number; name: string; duration: number }> };

async function throttledPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await journey.browser.newContext({
    viewport: MOBILE,
    isMobile: true,
    hasTouch: true,
    locale: 'sq-AL',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && msg.text().startsWith('[hydration]'))
      hydrationErrors.push(`${page.url()}: ${msg.text()}`);
  });
  await page.addInitScript(() => {
    const w = window as EventWindow;
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>)
        if (e.interactionId) w.__events!.push({ id: e.interactionId, name: e.name, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  return { context, page };
}

async function openLive(page: Page, path: string): Promise<void> {
  await page.goto(`${journey.server.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 60_000 });
  await page.waitForTimeout(300); // the replay and the first effects settle
}

/** Runs one interaction and returns its latency (ms) as Event Timing reports it. */
async function measure(page: Page, act: () => Promise<void>): Promise<number> {
  const before = await page.evaluate(() => (window as EventWindow).__events!.length);
  await act();
  // Entries are reported after the next paint; give the throttled page time to paint and dispatch them.
  await page.waitForTimeout(800);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  const entries = await page.evaluate((from) => (window as EventWindow).__events!.slice(from), before);
  return Math.max(16, ...entries.map((e) => e.duration));
}

async function stocked(n: number): Promise<StockedVariant[]> {
  const out: StockedVariant[] = [];
  for (const v of await variantsInStock(journey.server.db, 3)) {
    if (!out.some((o) => o.productId === v.productId)) out.push(v);
    if (out.length === n) break;
  }
  return out;
}

const summary = (values: number[]) =>
  `${values.join(', ')} ms (max ${Math.max(...values)}, median ${[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]})`;

describe(`INP <= ${INP_BOUND_MS} ms under 4× CPU at 375 px`, () => {
  it('choosing a size and "Shto në shportë" on product pages', async () => {
    const size: number[] = [];
    const add: number[] = [];
    for (const v of await stocked(TRIES)) {
      const { context, page } = await throttledPage();
      await openLive(page, `/productDetails/${v.productId}`);
      await page.locator(`.color-option[data-color-name="${v.colorName}"]`).click();
      await page.waitForTimeout(300);
      const sizeButton = page.locator('.size-options').getByRole('radio', { name: v.sizeName, exact: true });
      size.push(await measure(page, () => sizeButton.click()));
      const addButton = page.getByRole('button', { name: productMessages.addToCart, exact: true });
      add.push(await measure(page, () => addButton.click()));
      await context.close();
    }
    console.log(`[inp] size: ${summary(size)}; add to cart: ${summary(add)}`);
    expect(median(size)).toBeLessThanOrEqual(INP_BOUND_MS);
    expect(median(add)).toBeLessThanOrEqual(INP_BOUND_MS);
  }, 300_000);

  it('opening the filters on /products', async () => {
    const open: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      const { context, page } = await throttledPage();
      await openLive(page, '/products');
      const button = page.getByRole('button', { name: listingMessages.filter, exact: true });
      open.push(await measure(page, () => button.click()));
      await context.close();
    }
    console.log(`[inp] open filters: ${summary(open)}`);
    expect(median(open)).toBeLessThanOrEqual(INP_BOUND_MS); // CI (journeys alone): 72–104 ms; quiet: 80–120
  }, 300_000);
});
