// Journeys' pages kept for the next test (decision 292): a test's `context.close()` hands its context and page back,
// cleared of what the test left (cookies, storage, listeners), and the next `newPage` with the same kind of device
// and language takes them instead of making new ones. A new page costs a 2-core runner about half a second of
// Chromium's CPU more than loading an address in a kept one, and the main journeys open over two hundred.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** What a kept context was made for: a page's device kind (touch or not), language and motion are per context. */
export interface PageKind {
  mobile: boolean;
  locale: string;
  motion: string;
  /** A new context and page, not kept for another test either. */
  fresh?: boolean;
}

interface Kept {
  page: Page;
  kind: string;
  /** The test used something a clearing does not undo (a route, an init script, CDP, …): closed, not kept. */
  spoilt: boolean;
  /** Pages the test opened beside the first (`context.newPage()`): closed when it hands the context back. */
  extra: Page[];
  leased: boolean;
  close: () => Promise<void>;
  cdp?: CDPSession;
}

const kept = new WeakMap<BrowserContext, Kept>();
/**
 * Off unless E2E_KEEP_PAGES=1: three clean-clone CI runs with kept pages each failed a journey that passes alone (a
 * token renewal, an add to cart), and the cause is not found (decision 292). Until it is, every test gets a new
 * context and page.
 */
const KEEP = process.env.E2E_KEEP_PAGES === '1';
const free = new WeakMap<Browser, Map<string, BrowserContext[]>>();

/** Calls a test may make that leave state behind which the hand-back cannot clear. */
const SPOILING_PAGE_CALLS = [
  'route',
  'routeFromHAR',
  'addInitScript',
  'exposeFunction',
  'exposeBinding',
  'emulateMedia',
];
const SPOILING_CONTEXT_CALLS = [
  'newCDPSession',
  'route',
  'routeFromHAR',
  'addInitScript',
  'exposeFunction',
  'exposeBinding',
  'setExtraHTTPHeaders',
  'grantPermissions',
  'setGeolocation',
  'setOffline',
  'setHTTPCredentials',
];

function freeList(browser: Browser, kind: string): BrowserContext[] {
  let byKind = free.get(browser);
  if (!byKind) free.set(browser, (byKind = new Map()));
  let list = byKind.get(kind);
  if (!list) byKind.set(kind, (list = []));
  return list;
}

/**
 * A context and its page for one test: a kept one of the same kind when there is one, else a new one made by
 * `make`. `setUp` runs once on a new page (hooks that stay for its whole life).
 */
export async function leasePage(
  browser: Browser,
  kind: PageKind,
  make: () => Promise<BrowserContext>,
  setUp: (page: Page) => void,
): Promise<{ context: BrowserContext; page: Page; reused: boolean }> {
  const key = `${kind.mobile ? 'touch' : 'pointer'}|${kind.locale}|${kind.motion}`;
  const list = freeList(browser, key);
  for (let context = kind.fresh ? undefined : list.pop(); context; context = list.pop()) {
    const entry = kept.get(context);
    if (!entry || entry.page.isClosed()) continue;
    entry.leased = true;
    entry.spoilt = false;
    return { context, page: entry.page, reused: true };
  }
  const context = await make();
  const page = await context.newPage();
  setUp(page);
  if (!KEEP || kind.fresh) return { context, page, reused: false };
  const entry: Kept = { page, kind: key, spoilt: false, extra: [], leased: true, close: context.close.bind(context) };
  kept.set(context, entry);
  spoilOn(page, SPOILING_PAGE_CALLS, entry);
  spoilOn(context, SPOILING_CONTEXT_CALLS, entry);
  const newPageOf = context.newPage.bind(context);
  context.newPage = async () => {
    const extra = await newPageOf();
    entry.extra.push(extra);
    return extra;
  };
  context.close = () => handBack(browser, context, entry);
  return { context, page, reused: false };
}

function spoilOn(target: object, names: string[], entry: Kept): void {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== 'function') continue;
    methods[name] = (...args: unknown[]) => {
      entry.spoilt = true;
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

/** The test's `context.close()`: its pages cleared and kept, or closed when they cannot be cleared. */
async function handBack(browser: Browser, context: BrowserContext, entry: Kept): Promise<void> {
  if (!entry.leased) return;
  entry.leased = false;
  await Promise.all(entry.extra.splice(0).map((p) => p.close().catch(() => undefined)));
  const { page } = entry;
  if (entry.spoilt || page.isClosed() || !browser.isConnected()) {
    // A route callback still waiting (a slow-network test) must not throw into the run once its page is gone.
    await page.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined);
    return entry.close();
  }
  try {
    page.removeAllListeners();
    const url = page.url();
    const origin = url.startsWith('http') ? new URL(url).origin : null;
    // The app keeps a cart and a pending heart in the page's storage; this page's session storage outlives a load.
    if (origin) await page.evaluate(() => (localStorage.clear(), sessionStorage.clear())).catch(() => undefined);
    await page.goto('about:blank');
    // A new page's pointer rests at the corner, and a wheel scrolls what is under it.
    await page.mouse.move(0, 0);
    await context.clearCookies();
    if (origin) {
      entry.cdp ??= await context.newCDPSession(page);
      await entry.cdp.send('Storage.clearDataForOrigin', {
        origin,
        storageTypes: 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql',
      });
    }
  } catch {
    return entry.close();
  }
  freeList(browser, entry.kind).push(context);
}

/**
 * At a journey file's end: contexts still leased (a test that did not close its own) are closed; kept ones stay for
 * the worker's next file (their storage and cookies are already cleared, and each file's shop has its own port).
 */
export async function closeLeasedContexts(browser: Browser): Promise<void> {
  await Promise.all(
    browser.contexts().map((context) => {
      const entry = kept.get(context);
      if (!entry) return context.close();
      return entry.leased ? entry.close() : undefined;
    }),
  );
}
