// The last steps of a backup's copy, off the event loop (decision 263): switching the copy to one self-contained file
// (rollback journal), `PRAGMA integrity_check` of it and the fsync, which took seconds at 600 MB as one blocking call
// each, run in a worker thread of their own with its own connection to the copy. The serving process (BACKUP_SCHEDULE)
// keeps answering meanwhile; `npm run db:backup` uses the same code. Kept small and separate from any worker pool.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Plain CommonJS run by the worker (eval: no file to find beside the compiled bundle). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const SQLite = require(workerData.driver);
const copy = new SQLite(workerData.file);
let check;
try {
  copy.pragma('journal_mode = DELETE');
  check = copy.pragma('integrity_check').map((r) => r.integrity_check).join('; ');
} finally {
  copy.close();
}
if (check === 'ok') {
  const fd = fs.openSync(workerData.file, 'r');
  try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
}
parentPort.postMessage(check);
`;

/**
 * Switches the database file `file` (closed by everyone else) to journal_mode DELETE, checks it and, when 'ok',
 * flushes it to the disk, in a worker thread. Resolves with integrity_check's answer ('ok' or its problems);
 * aborting `signal` terminates the worker (after SQLite's current call) and rejects with the signal's reason.
 */
export function finishCopyInWorker(file: string, signal?: AbortSignal): Promise<string> {
  signal?.throwIfAborted();
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
  return new Promise<string>((resolve, reject) => {
    let answer: string | null = null;
    const onAbort = () => {
      void worker.terminate();
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: string) => (answer = m));
    worker.on('error', reject);
    worker.on('exit', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (answer !== null) resolve(answer);
      else reject(new Error(`the check's worker stopped (exit code ${code})`));
    });
  });
}
