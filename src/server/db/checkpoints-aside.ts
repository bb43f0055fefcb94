// SQLite's WAL checkpoints in a worker thread while the serving process writes in bulk (decision 263). A commit that
// grows the WAL past 1 000 pages checkpoints it in the committing call: copying those pages into the database and
// syncing both, 50-100 ms on a busy 2-core machine, so a rebuild cut into 20 ms transactions held the event loop
// 100-250 ms at a time. Meanwhile the connection's automatic checkpoints are off and a worker with its own connection
// checkpoints (PASSIVE: never waits for, nor blocks, the writer) every 100 ms; afterwards they are back on.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { DB } from './client';
import { isPostgres } from './dialect';

/** Plain CommonJS run by the worker (eval: no file to find beside the compiled bundle). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
let stopping = false;
parentPort.on('message', () => (stopping = true));
const round = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
  if (stopping) { db.close(); parentPort.close(); } else setTimeout(round, 100);
};
round();
`;

/** The connection's main database file ('' for an in-memory one). */
async function databaseFile(db: DB): Promise<string> {
  const { rows } = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(db);
  return rows.find((r) => r.name === 'main')?.file ?? '';
}

/** Runs `work` with the checkpoints of `db` (SQLite on a file) done in a worker thread; PostgreSQL runs it as it is. */
export async function withCheckpointsAside<T>(db: DB, work: () => Promise<T>): Promise<T> {
  const file = isPostgres(db) ? '' : await databaseFile(db);
  if (!file) return work();
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
  worker.on('error', () => undefined); // a failed checkpoint worker only leaves the checkpoints to the next commits
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  await sql.raw('PRAGMA wal_autocheckpoint = 0').execute(db);
  try {
    return await work();
  } finally {
    await sql.raw('PRAGMA wal_autocheckpoint = 1000').execute(db); // SQLite's default, which openDatabase keeps
    worker.postMessage('stop');
    await exited;
  }
}
