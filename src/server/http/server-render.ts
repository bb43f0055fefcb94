// The storefront's server render (decision 194): dist/ssr/entry-server.js, built from src/client/entry-server.tsx
// with the client (`vite build --ssr`), loaded on the first page that needs it. Without that file (the client
// not built, a test's empty dist) or when a render fails, pages are sent as before: the app renders in the
// browser. A failure is logged and never fails the page.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InitialQuery } from '#shared/initial-queries';
import type { Logger } from '../log';
import { ByteCache } from '../lib/byte-cache';
import { nativeImport } from '../lib/native-import';
import { DEFAULT_CACHE_BUDGET } from '../lib/cache-budget';

export type RenderPage = (url: string, queries: InitialQuery[]) => Promise<string | null>;

/** The server render's entry next to the client's dist folder (dist/client -> dist/ssr/entry-server.js). */
export const serverRenderEntry = (clientDistDir: string) => path.resolve(clientDistDir, '..', 'ssr', 'entry-server.js');

/** A server renderer: renders in this thread, and says which entry (and version of it) a render worker should load. */
export interface ServerRenderer {
  (url: string, queries: InitialQuery[], log: Logger): Promise<string>;
  /** The entry file. */
  entry: string;
  /** The entry's version (its mtime), or null when there is no entry (the client not built, a test's empty dist). */
  version(): number | null;
}

/** A render function that loads the entry once (again after the file changes outside production). */
export function serverRenderer(entry: string): ServerRenderer {
  let loaded: { mtimeMs: number; render: Promise<RenderPage | null> } | null = null;
  // In production the entry changes only with a new build (a restart): looked up until it exists, then kept.
  let known: number | null = null;
  const version = (): number | null => {
    if (known !== null && process.env.NODE_ENV === 'production') return known;
    return (known = fs.statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? null);
  };
  const load = (): Promise<RenderPage | null> => {
    const mtimeMs = version();
    if (mtimeMs === null) return Promise.resolve(null);
    if (loaded?.mtimeMs === mtimeMs) return loaded.render;
    const url = `${pathToFileURL(entry).href}?v=${mtimeMs}`;
    const render = nativeImport<{ renderPage: RenderPage }>(url).then((m) => m.renderPage);
    loaded = { mtimeMs, render };
    return render;
  };
  const render = async (url: string, queries: InitialQuery[], log: Logger) => {
    try {
      const page = await load();
      return (page && (await page(url, queries))) ?? '';
    } catch (err) {
      log.warn({ err, url }, 'server render failed; the page renders in the browser');
      return '';
    }
  };
  return Object.assign(render, { entry, version });
}

// ---------------------------------------------------------------------------------------------------------
// Rendered pages (spa.ts): a finished page (body, gzip, ETag) by the head and render URL it was made from, least
// recently used first out when the pages' bytes pass CACHE_PAGES_BYTES, and dropped after CACHE_IDLE_SECONDS
// unused (decision 201). Page heads (page-meta.ts) keep only the query parameters the page shows, one head for
// every missing product and one for every listing page past the last, so a tracking parameter or a made-up id or
// page number makes no new page. Kept compact: the key (the head, tens of kilobytes) as its SHA-1, the page as
// UTF-8 bytes (a JS string of it takes two bytes a character as soon as one character is outside Latin-1).

export interface RenderedPage {
  template: string;
  page: string | Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

const pageKey = (key: string) => createHash('sha1').update(key).digest('base64');
const utf8 = (page: string | Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> => {
  if (typeof page !== 'string') return page;
  const b = Buffer.from(page);
  return new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
};

const newPageCache = (budget: { bytes: number; idleMs: number }) =>
  // Kept on the first ask: a render is costly, and page heads are keyed by what the page shows.
  new ByteCache<RenderedPage>({
    maxBytes: budget.bytes,
    idleMs: budget.idleMs,
    keepFirst: true,
    bytes: (v) => 256 + v.page.length + v.gzip.byteLength,
  });
let pageBudget = { bytes: DEFAULT_CACHE_BUDGET.pageBytes, idleMs: DEFAULT_CACHE_BUDGET.idleMs };
let pageCache = newPageCache(pageBudget);

/** The process's rendered pages (one cache: every app in a process serves the same dist/). */
export const renderedPages = {
  get: (key: string): RenderedPage | undefined => pageCache.get(pageKey(key)),
  set: (key: string, page: RenderedPage): void => void pageCache.set(pageKey(key), { ...page, page: utf8(page.page) }),
  stats: (): { entries: number; bytes: number; maxBytes: number } => pageCache.stats(),
};

/** The bounds of the rendered pages (CACHE_PAGES_BYTES, CACHE_IDLE_SECONDS; createApp sets them). A change drops them. */
export function setRenderedPageBudget(budget: { bytes: number; idleMs: number }): void {
  if (budget.bytes === pageBudget.bytes && budget.idleMs === pageBudget.idleMs) return;
  pageBudget = { ...budget };
  pageCache = newPageCache(pageBudget);
}
