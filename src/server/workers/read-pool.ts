// Heavy reads off the main thread (issue 38, decision 261). SQLite's driver is synchronous, so a long export read on
// the serving thread holds every shopper; here it runs in a small pool of worker threads (read-worker.ts), each with
// its own read-only connection to the same file (WAL lets readers run beside the writer), and comes back as a byte
// stream in chunks, sent only as fast as the client takes them. PostgreSQL's driver does not block, and an in-memory
// SQLite database cannot be opened twice: those run the same stream in this thread.
import os from 'node:os';
import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { sqliteFileOf, type DB } from '../db/client';
import { startWorker } from './start-worker';

/** The reads a worker knows (read-jobs.ts maps each to its stream). */
export type ReadJobName = 'orders-csv' | 'products-csv';

/** Workers at most: one on a 2-core machine (the other core serves), two from four cores on. */
const READ_WORKERS_MAX = Math.min(2, Math.max(1, os.availableParallelism() - 2));
/**
 * A worker with nothing to do exits after this long and gives its memory (its own heap and SQLite connection) back to
 * a small server; the next export starts a new one in about 100 ms. Exports come one at a time, minutes apart.
 */
const IDLE_MS = 5_000;
/** Heap bound of one worker: a read holds one batch and one chunk, never the whole answer. */
const WORKER_HEAP_MB = 96;

/** Messages from a worker (read-worker.ts writes them). */
export type FromWorker = { type: 'chunk'; bytes: Uint8Array } | { type: 'end' } | { type: 'error'; message: string };
/** Messages to a worker: run a job, send the next chunk, stop the job. */
export type ToWorker =
  { type: 'run'; job: ReadJobName; input: unknown; file: string } | { type: 'pull' } | { type: 'cancel' };

interface Slot {
  worker: Worker;
  /** The stream the worker's current job feeds, or null while idle. */
  job: WorkerStream | null;
  idle?: NodeJS.Timeout;
}

const slots: Slot[] = [];
const waiting: Array<(slot: Slot) => void> = [];

/** How the worker entry is started: the built read-worker.cjs beside main.cjs, or the TypeScript source via tsx. */
const newWorker = () => startWorker('read-worker', { maxOldGenerationSizeMb: WORKER_HEAP_MB });

function newSlot(): Slot {
  const slot: Slot = { worker: newWorker(), job: null };
  slot.worker.on('message', (m: FromWorker) => slot.job?.fromWorker(m));
  const gone = (err: Error) => {
    const at = slots.indexOf(slot);
    if (at === -1) return; // 'error' is followed by 'exit'
    slots.splice(at, 1);
    clearTimeout(slot.idle);
    slot.job?.destroy(err);
    slot.job = null;
    // A job waiting for a worker gets a fresh one.
    if (waiting.length) release(newSlotCounted());
  };
  slot.worker.on('error', gone);
  slot.worker.on('exit', (code) => gone(new Error(`read worker stopped (exit ${code})`)));
  return slot;
}

function newSlotCounted(): Slot {
  const slot = newSlot();
  slots.push(slot);
  return slot;
}

/** A worker for one job: an idle one, a new one under the bound, or the next one to finish. */
function acquire(): Promise<Slot> {
  const idle = slots.find((s) => s.job === null);
  if (idle) {
    clearTimeout(idle.idle);
    return Promise.resolve(idle);
  }
  if (slots.length < READ_WORKERS_MAX) return Promise.resolve(newSlotCounted());
  return new Promise((resolve) => waiting.push(resolve));
}

function release(slot: Slot): void {
  slot.job = null;
  const next = waiting.shift();
  if (next) return next(slot);
  slot.worker.unref();
  slot.idle = setTimeout(() => retire(slot), IDLE_MS).unref();
}

/** An idle worker leaves the pool before it is told to stop, so no job is handed to a worker on its way out. */
function retire(slot: Slot): void {
  const at = slots.indexOf(slot);
  if (at !== -1) slots.splice(at, 1);
  void slot.worker.terminate();
}

/** The bytes of one job, pulled from its worker chunk by chunk (one chunk in flight). */
class WorkerStream extends Readable {
  private slot: Slot | null = null;
  private wantsMore = false;
  private finished = false;

  start(slot: Slot, run: ToWorker): void {
    if (this.destroyed) return release(slot);
    this.slot = slot;
    slot.job = this;
    slot.worker.ref();
    slot.worker.postMessage(run);
  }

  fromWorker(m: FromWorker): void {
    if (m.type === 'chunk') {
      if (this.push(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength))) this.pull();
      else this.wantsMore = true;
    } else {
      this.finish();
      if (m.type === 'end') this.push(null);
      else this.destroy(new Error(m.message));
    }
  }

  private pull(): void {
    this.slot?.worker.postMessage({ type: 'pull' } satisfies ToWorker);
  }

  private finish(): void {
    this.finished = true;
    const slot = this.slot;
    this.slot = null;
    if (slot) release(slot);
  }

  override _read(): void {
    if (!this.wantsMore) return;
    this.wantsMore = false;
    this.pull();
  }

  override _destroy(err: Error | null, done: (err: Error | null) => void): void {
    // The client went away (or the worker failed): the worker stops reading and takes the next job.
    if (!this.finished && this.slot) {
      this.slot.worker.postMessage({ type: 'cancel' } satisfies ToWorker);
      // The worker answers a cancel with `end` or `error`, which frees the slot then.
    }
    done(err);
  }
}

/**
 * The bytes of `job` read from `db`: in a worker thread when `db` is a SQLite file, else `inThread()` (PostgreSQL,
 * or an in-memory database). Both give the same bytes (read-jobs.ts runs the very stream `inThread` returns).
 */
export function readOffThread(db: DB, job: ReadJobName, input: unknown, inThread: () => Readable): Readable {
  const file = sqliteFileOf(db);
  if (!file) return inThread();
  const stream = new WorkerStream();
  acquire().then(
    (slot) => stream.start(slot, { type: 'run', job, input, file }),
    (err: Error) => stream.destroy(err),
  );
  return stream;
}

/** The pool now (for tests and /metrics): workers started, those running a job, jobs waiting for one. */
export function readPoolUse(): { workers: number; busy: number; waiting: number; max: number } {
  const busy = slots.filter((s) => s.job !== null).length;
  return { workers: slots.length, busy, waiting: waiting.length, max: READ_WORKERS_MAX };
}

/** Stops every worker (tests; a server's exit ends them anyway). */
export async function stopReadWorkers(): Promise<void> {
  await Promise.all(slots.map((s) => s.worker.terminate()));
}
