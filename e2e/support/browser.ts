// Real headless Chromium from Debian driven by playwright-core; never downloads a browser.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { leasePage } from './page-pool';

/**
 * Debian's `chromium-headless-shell` (the same Chromium release as the `chromium` package, built as the headless
 * shell that Playwright itself runs for headless journeys) when installed, else `/usr/bin/chromium`: the shell
 * spends less than half the CPU of the full browser run headless (decision 245), which keeps CI within its time.
 * CHROMIUM_PATH=/usr/bin/chromium runs the journeys on the full browser.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // One renderer process for the browser's pages where Chromium can share one (pages of one context and site): a
  // new page or context then costs about a fifth less CPU on a 2-core runner (decision 292).
  '--renderer-process-limit=1',
];

export const DESKTOP = { width: 1366, height: 900 };
export const MOBILE = { width: 375, height: 812 };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** Hydration failures of server-rendered pages (main.tsx logs them as `[hydration] …`), in any journey. */
export const hydrationErrors: string[] = [];

/**
 * A page and its context for one test, as if new: a kept one of the same kind that an earlier test handed back with
 * `context.close()`, cleared of its cookies, storage and listeners (page-pool.ts, decision 292), else a new one.
 * `locale` is the browser's language (Albanian unless a journey asks for another). `motion` is the visitor's motion
 * setting. Journeys browse as a visitor who asked for less motion (the hero does not turn by itself, skeletons do not
 * shimmer): a page that keeps animating keeps a 2-core runner's compositor busy while the journey waits, and the main
 * journeys took 14 min 49 s instead of 17 min 56 s (decision 290). A journey about motion asks for 'no-preference';
 * the first-tap and INP journeys open their own contexts with the phone's default. `fresh` asks for a new context
 * and page that no later test gets either.
 */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  {
    locale = 'sq-AL',
    motion = 'reduce',
    fresh = false,
  }: { locale?: string; motion?: 'reduce' | 'no-preference'; fresh?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const mobile = viewport.width < 500;
  const { context, page, reused } = await leasePage(
    browser,
    { mobile, locale, motion, fresh },
    () => browser.newContext({ viewport, locale, reducedMotion: motion, isMobile: mobile, hasTouch: mobile }),
    waitForHydration,
  );
  if (reused) await page.setViewportSize(viewport);
  page.on('pageerror', (err) => console.error('[pageerror]', err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && msg.text().startsWith('[hydration]'))
      hydrationErrors.push(`${page.url()}: ${msg.text().slice(0, 300)}`);
  });
  trackRequests(page);
  return { context, page };
}

/** Requests in flight per page, and when the last one started or ended (for `networkQuiet`). */
const requests = new WeakMap<Page, { inFlight: number; lastChange: number }>();

function trackRequests(page: Page): void {
  const state = { inFlight: 0, lastChange: Date.now() };
  requests.set(page, state);
  const change = (by: number) => () => {
    state.inFlight = Math.max(0, state.inFlight + by);
    state.lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
}

/**
 * Waits until the page has had no request in flight for `quietMs` (at most `timeoutMs`, then goes on, as a
 * journey's `networkidle` wait that is caught would). Playwright's `networkidle` waits out 500 ms after the last
 * request on every page; the language journey spent 45 s of its 86 s in it (decision 269).
 */
export async function networkQuiet(page: Page, quietMs = 150, timeoutMs = 10_000): Promise<void> {
  const state = requests.get(page);
  if (!state) throw new Error('networkQuiet needs a page from newPage()');
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (state.inFlight === 0 && Date.now() - state.lastChange >= quietMs) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Opens `path` in the running app as its own links do: a history push that the router follows, without loading the
 * page again. A full load costs a 2-core runner about half a second of Chromium's CPU (decision 290); a journey that
 * walks through many screens of one app (the dashboard's every screen) goes from screen to screen this way.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    const index = typeof state.__TSR_index === 'number' ? state.__TSR_index : 0;
    window.history.pushState({ ...state, __TSR_index: index + 1, key: crypto.randomUUID().slice(0, 8) }, '', to);
  }, path);
  // The new screen's code and data arrive over the network: once it is quiet, and the router's pending view (shown
  // for at least half a second once a loader takes 300 ms) has gone, the screen has what it shows.
  await networkQuiet(page);
  await page
    .waitForFunction(() => !document.querySelector('.skeleton'), null, { timeout: 10_000 })
    .catch(() => undefined); // a screen that keeps a skeleton is the test's to judge
}

/**
 * A server-rendered page shows its buttons before its script runs; journeys act on the live page, so after
 * every navigation of the app (not robots.txt, a feed, a print view without #root) they wait for it.
 */
function waitForHydration(page: Page): void {
  const live = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true',
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await live();
    return response;
  };
}

/**
 * Screenshots are for a human to look at; CI (`CI=true`, set by .ci/run) throws them away, and each costs about
 * a second of a 2-core runner's CPU (79 of them: over a minute), so CI skips them unless E2E_SCREENSHOTS=1.
 */
const TAKE_SCREENSHOTS =
  process.env.E2E_SCREENSHOTS === '1' || (process.env.E2E_SCREENSHOTS !== '0' && process.env.CI !== 'true');

/** Saves a screenshot under e2e/screenshots/ (git-ignored) for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.resolve('e2e/screenshots');
  const file = path.join(dir, `${name}.png`);
  if (!TAKE_SCREENSHOTS) return file;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
