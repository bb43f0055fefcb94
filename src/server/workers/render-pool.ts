// Storefront pages rendered off the serving thread (issue 38, decision 288). An uncached page cost the serving
// thread about 5 ms at the bench's size, two thirds of it React's render, the page's gzip and its ETag; with those in
// a worker thread (render-worker.ts) the serving thread only reads the page's first-view data (cached catalogue
// reads) and sends bytes, and the machine's second core renders. One worker, started with the process (preloadServerRender) and
// stopped after a minute with nothing to render (its heap goes back to a small server). A machine with one core
// renders on the serving thread as before, and so does a page whose worker failed (spa.ts falls back).
import fs from 'node:fs';
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { InitialQuery } from '#shared/initial-queries';
import type { FinishedPage } from '../http/finished-page';
import { serverRenderEntry } from '../http/server-render';
import { startWorker } from './start-worker';

/** A page to render: the entry and its version (mtime), the URL and its first-view data, the template and head. */
export interface ToRenderWorker {
  id: number;
  entry: string;
  version: number;
  url: string;
  queries: InitialQuery[];
  template: string;
  head: string;
}
/** Load the server render's entry now, before any page asks (preloadServerRender). */
export interface LoadInRenderWorker {
  load: true;
  entry: string;
  version: number;
}
/** The page made whole; `rendered` is false when the render gave nothing (a redirect) or failed (`error`). */
export type FromRenderWorker = FinishedPage & { id: number; rendered: boolean; error?: string };

/** Whether pages render in a worker: only where a second core can run it beside the serving thread. */
export const RENDER_IN_WORKER = os.availableParallelism() >= 2;
const IDLE_MS = 60_000;
/**
 * Heap bounds of the worker: one page's React tree and data at a time, beside the render's code. A young generation of
 * 6 MB (the serving thread's is 12: npm start's --max-semi-space-size=4) keeps the worker's share of RSS small.
 */
const WORKER_HEAP_MB = 48;
const WORKER_YOUNG_MB = 6;

interface Running {
  worker: Worker;
  jobs: Map<number, { resolve: (done: FromRenderWorker) => void; reject: (err: Error) => void }>;
  idle?: NodeJS.Timeout;
}

let running: Running | null = null;
let serial = 0;

function start(): Running {
  const worker = startWorker('render-worker', {
    maxOldGenerationSizeMb: WORKER_HEAP_MB,
    maxYoungGenerationSizeMb: WORKER_YOUNG_MB,
  });
  worker.unref(); // never keeps a process alive: a waiting render is an open request, which does
  const r: Running = { worker, jobs: new Map() };
  worker.on('message', (done: FromRenderWorker) => {
    const job = r.jobs.get(done.id);
    r.jobs.delete(done.id);
    job?.resolve(done);
    if (r.jobs.size === 0) r.idle = setTimeout(() => stop(r), IDLE_MS).unref();
  });
  const gone = (err: Error) => {
    if (running === r) running = null;
    clearTimeout(r.idle);
    for (const job of r.jobs.values()) job.reject(err);
    r.jobs.clear();
  };
  worker.on('error', gone);
  worker.on('exit', (code) => gone(new Error(`render worker stopped (exit ${code})`)));
  return r;
}

function stop(r: Running): void {
  if (running === r) running = null;
  void r.worker.terminate();
}

/**
 * Starts the worker and has it load the server render's entry (React, the routes) at once, if the client is built:
 * main.ts calls this first thing, so the thread, React and the entry load on the second core while the serving
 * thread opens the database and migrates, and the start's warm-up (warm-up.ts) finds them ready. Without a page to
 * render the worker stops after the usual minute.
 */
export function preloadServerRender(clientDistDir: string): void {
  const entry = serverRenderEntry(clientDistDir);
  const version = fs.statSync(entry, { throwIfNoEntry: false })?.mtimeMs;
  if (!RENDER_IN_WORKER || version === undefined) return;
  running ??= start();
  const r = running;
  r.worker.postMessage({ load: true, entry, version } satisfies LoadInRenderWorker);
  clearTimeout(r.idle);
  if (r.jobs.size === 0) r.idle = setTimeout(() => stop(r), IDLE_MS).unref();
}

/** Renders and finishes a page in the worker; rejects if the worker fails (the caller renders it itself then). */
export function renderInWorker(job: Omit<ToRenderWorker, 'id'>): Promise<FromRenderWorker> {
  running ??= start();
  const r = running;
  clearTimeout(r.idle);
  const id = ++serial;
  return new Promise((resolve, reject) => {
    r.jobs.set(id, { resolve, reject });
    r.worker.postMessage({ ...job, id } satisfies ToRenderWorker);
  });
}

/** The worker now (tests, /metrics): whether it runs and how many pages wait on it. */
export const renderWorkerUse = (): { running: boolean; waiting: number } => ({
  running: running !== null,
  waiting: running?.jobs.size ?? 0,
});

/** Stops the worker (a server's shutdown, tests). */
export async function stopRenderWorker(): Promise<void> {
  const r = running;
  running = null;
  if (r) await r.worker.terminate();
}
