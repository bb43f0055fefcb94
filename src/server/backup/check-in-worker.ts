// The last steps of a backup's copy, off the event loop (decision 263): switching the copy to one self-contained file
// (rollback journal), `PRAGMA integrity_check` of it and the fsync, which took seconds at 600 MB as one blocking call
// each, run in a worker thread of their own with its own connection to the copy. The serving process (BACKUP_SCHEDULE)
// keeps answering meanwhile; `npm run db:backup` uses the same code. Kept small and separate from any worker pool.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Plain CommonJS run by the worker (eval: no file to find beside the compiled bundle). Between its steps it reads
 * the abort flag (`workerData.abort`, shared memory) and stops there: a worker is never terminated inside a SQLite
 * call, because better-sqlite3 throwing into a terminating thread aborts the whole process (V8: "ToLocalChecked Empty
 * MaybeLocal"), which a shutdown mid-backup once did in CI.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const SQLite = require(workerData.driver);
const aborted = () => Atomics.load(workerData.abort, 0) === 1;
const copy = new SQLite(workerData.file);
let check = 'aborted';
try {
  if (!aborted()) copy.pragma('journal_mode = DELETE');
  if (!aborted()) check = copy.pragma('integrity_check').map((r) => r.integrity_check).join('; ');
} finally {
  copy.close();
}
if (check === 'ok' && !aborted()) {
  const fd = fs.openSync(workerData.file, 'r');
  try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
}
parentPort.postMessage(check);
`;

/**
 * Switches the database file `file` (closed by everyone else) to journal_mode DELETE, checks it and, when 'ok',
 * flushes it to the disk, in a worker thread. Resolves with integrity_check's answer ('ok' or its problems);
 * aborting `signal` stops the worker after SQLite's current call and rejects with the signal's reason once the worker
 * has ended, so the caller removes the copy only when no connection to it is left.
 */
export function finishCopyInWorker(file: string, signal?: AbortSignal): Promise<string> {
  signal?.throwIfAborted();
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const abort = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, abort } });
  return new Promise<string>((resolve, reject) => {
    let answer: string | null = null;
    let failed: Error | null = null;
    const onAbort = () => Atomics.store(abort, 0, 1);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: string) => (answer = m));
    worker.on('error', (err) => (failed = err));
    worker.on('exit', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(signal.reason);
      else if (answer !== null) resolve(answer);
      else reject(failed ?? new Error(`the check's worker stopped (exit code ${code})`));
    });
  });
}
