// The storefront's server render (decision 194): dist/ssr/entry-server.js, built from src/client/entry-server.tsx
// with the client (`vite build --ssr`), loaded on the first page that needs it. Without that file (the client
// not built, a test's empty dist) or when a render fails, pages are sent as before: the app renders in the
// browser. A failure is logged and never fails the page.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InitialQuery } from '../../shared/initial-queries';
import type { Logger } from '../log';

export type RenderPage = (url: string, queries: InitialQuery[]) => Promise<string | null>;

/** The server render's entry next to the client's dist folder (dist/client -> dist/ssr/entry-server.js). */
export const serverRenderEntry = (clientDistDir: string) => path.resolve(clientDistDir, '..', 'ssr', 'entry-server.js');

/** A render function that loads the entry once (again after the file changes outside production). */
export function serverRenderer(entry: string): (url: string, queries: InitialQuery[], log: Logger) => Promise<string> {
  let loaded: { mtimeMs: number; render: Promise<RenderPage | null> } | null = null;
  const load = (): Promise<RenderPage | null> => {
    const stat = fs.statSync(entry, { throwIfNoEntry: false });
    if (!stat) return Promise.resolve(null);
    if (loaded && (loaded.mtimeMs === stat.mtimeMs || process.env.NODE_ENV === 'production')) return loaded.render;
    const url = `${pathToFileURL(entry).href}?v=${stat.mtimeMs}`;
    const render = (import(url) as Promise<{ renderPage: RenderPage }>).then((m) => m.renderPage);
    loaded = { mtimeMs: stat.mtimeMs, render };
    return render;
  };
  return async (url, queries, log) => {
    try {
      const render = await load();
      return (render && (await render(url, queries))) ?? '';
    } catch (err) {
      log.warn({ err, url }, 'server render failed; the page renders in the browser');
      return '';
    }
  };
}
