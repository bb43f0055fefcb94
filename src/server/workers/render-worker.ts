// The render worker's entry (render-pool.ts starts it; built as dist/server/render-worker.cjs by
// scripts/build-server.mjs): renders storefront pages with the server render's entry (dist/ssr/entry-server.js,
// decision 194) from the first-view data the serving thread read, and makes each page whole (finished-page.ts), so
// React, the page's gzip and its ETag cost the serving thread nothing (issue 38). One page at a time, in order.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { finishPage } from '../http/finished-page';
import type { RenderPage } from '../http/server-render';
import type { FromRenderWorker, LoadInRenderWorker, ToRenderWorker } from './render-pool';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread (render-pool.ts)');

/**
 * This thread yields the CPU to the serving thread: on a busy 2-core machine the render worker and the serving thread
 * compete for the cores, and the serving thread's answers (a cached page, /healthz) waited for the scheduler behind
 * renders. On Linux a thread's id (/proc/thread-self) takes a nice value of its own; elsewhere the worker runs at the
 * process's priority. The libuv thread pool is the whole process's (files, zlib, crypto) and its threads take the
 * nice value of the thread that starts them: one pool request first makes sure it runs at the process's priority.
 */
export const RENDER_NICE = 10;
const lowerPriority = async () => {
  await fs.promises.stat(process.execPath).catch(() => undefined);
  try {
    os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), RENDER_NICE);
  } catch {
    // not Linux, or not allowed: the process's priority
  }
};

/** The entry's module by file and version (its mtime: a rebuilt client is loaded again outside production). */
let loaded: { key: string; render: Promise<RenderPage> } | null = null;
function renderer(entry: string, version: number): Promise<RenderPage> {
  const key = `${entry}?v=${version}`;
  if (loaded?.key !== key) {
    const render = (import(pathToFileURL(entry).href + `?v=${version}`) as Promise<{ renderPage: RenderPage }>).then(
      (m) => m.renderPage,
    );
    loaded = { key, render };
  }
  return loaded.render;
}

async function renderOne(job: ToRenderWorker): Promise<FromRenderWorker> {
  let body = '';
  let error: string | undefined;
  try {
    body = (await (await renderer(job.entry, job.version))(job.url, job.queries)) ?? '';
  } catch (err) {
    error = err instanceof Error ? (err.stack ?? err.message) : String(err);
  }
  return { id: job.id, rendered: body !== '', error, ...finishPage(job.template, job.head, body) };
}

/** Renders run one after another: one page's React tree and query cache in memory at a time. */
let queue = lowerPriority();
port.on('message', (job: ToRenderWorker | LoadInRenderWorker) => {
  if ('load' in job) {
    // Loaded beside the serving thread's start; a failure shows again, and is logged, with the first page.
    renderer(job.entry, job.version).catch(() => undefined);
    return;
  }
  queue = queue.then(async () => {
    const done = await renderOne(job);
    port.postMessage(done, [done.page.buffer, done.gzip.buffer]);
  });
});
