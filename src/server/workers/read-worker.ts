// A read worker's entry (read-pool.ts starts it; built as dist/server/read-worker.cjs by scripts/build-server.mjs):
// runs one job at a time on its own read-only connection to the shop's SQLite file and posts the job's bytes back
// in chunks of about CHUNK_BYTES, each after the main thread has asked for the next (one chunk in flight).
import { parentPort } from 'node:worker_threads';
import { openReadOnlyDatabase, type DB } from '../db/client';
import { readJobs } from './read-jobs';
import type { FromWorker, ToWorker } from './read-pool';

/** Bytes per message: few messages for a long file, little memory held. */
const CHUNK_BYTES = 64 * 1024;
/** Files kept open (tests open many databases; a server one). */
const OPEN_FILES_MAX = 4;

const port = parentPort;
if (!port) throw new Error('read-worker.ts runs as a worker thread (read-pool.ts)');

const open = new Map<string, DB>();
function databaseAt(file: string): DB {
  const known = open.get(file);
  if (known) return known;
  if (open.size >= OPEN_FILES_MAX) {
    const [oldest, db] = open.entries().next().value as [string, DB];
    open.delete(oldest);
    void db.destroy();
  }
  const db = openReadOnlyDatabase(file);
  open.set(file, db);
  return db;
}

/** The current job's flow control: chunks it may still send, and whether it was cancelled. */
let credits = 0;
let cancelled = false;
let wake: (() => void) | null = null;

const post = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

async function send(parts: Buffer[], size: number): Promise<void> {
  while (credits === 0 && !cancelled) await new Promise<void>((resolve) => (wake = resolve));
  if (cancelled) return;
  credits -= 1;
  const bytes = new Uint8Array(size); // its own buffer, transferred (not copied) to the main thread
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  post({ type: 'chunk', bytes }, [bytes.buffer]);
}

async function run(m: Extract<ToWorker, { type: 'run' }>): Promise<void> {
  credits = 1;
  cancelled = false;
  const stream = readJobs[m.job](databaseAt(m.file), m.input as never);
  let parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      parts.push(b);
      size += b.length;
      if (size >= CHUNK_BYTES) {
        await send(parts, size);
        parts = [];
        size = 0;
      }
      if (cancelled) break;
    }
    if (size > 0 && !cancelled) await send(parts, size);
    stream.destroy();
    post({ type: 'end' });
  } catch (err) {
    stream.destroy();
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'run') void run(m);
  else {
    if (m.type === 'pull') credits += 1;
    else cancelled = true;
    wake?.();
    wake = null;
  }
});
