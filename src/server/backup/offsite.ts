// Backups off the machine (decision 266): with BACKUP_STORAGE_URL set, each complete and verified backup in
// BACKUP_DIR (database and pictures archive) is uploaded to the bucket, the archive first and the `.db` last (as
// the local renames: a `.db` in the bucket means its pair is complete), then the bucket keeps the newest BACKUP_KEEP
// like the folder. Every run uploads each of the newest BACKUP_KEEP local backups the bucket lacks, so one that
// failed is sent again by the next try. A failed upload never touches the local copy; it is counted for /metrics.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ObjectStore } from '../storage/store';
import { listBackups, uploadsArchiveFor } from './backup';

/** Uploads since start, for /metrics (butiku_backup_uploads_total), and when the last one succeeded. */
const counts = { ok: 0, failed: 0, lastSuccessMs: 0 };
export const offsiteUploadCounts = (): { ok: number; failed: number; lastSuccessMs: number } => ({ ...counts });

export interface OffsiteResult {
  uploaded: string[];
  removed: string[];
}

const BACKUP_KEY = /^butiku-\d{8}T\d{6}Z\.db$/;

/** The backups (`.db` keys) in the bucket, oldest first. */
export async function listOffsiteBackups(store: ObjectStore): Promise<string[]> {
  return (await store.list('butiku-'))
    .map((o) => o.key)
    .filter((k) => BACKUP_KEY.test(k))
    .sort();
}

/** Deletes all but the newest `keep` backups in the bucket (database and archive); returns the removed keys. */
async function pruneOffsite(store: ObjectStore, keep: number): Promise<string[]> {
  const all = await listOffsiteBackups(store);
  const removed: string[] = [];
  for (const key of all.slice(0, Math.max(0, all.length - keep))) {
    // The .db first: a pair without its .db no longer counts as a backup, whatever happens next.
    for (const k of [key, uploadsArchiveFor(key)]) {
      await store.delete(k);
      removed.push(k);
    }
  }
  return removed;
}

async function uploadFile(store: ObjectStore, file: string): Promise<void> {
  await store.put(path.basename(file), fs.createReadStream(file), 'application/octet-stream');
}

/** One attempt: uploads the newest `keep` local backups the bucket lacks (or holds with another size), then prunes. */
async function syncOnce(store: ObjectStore, backupDir: string, keep: number): Promise<OffsiteResult> {
  const there = new Map((await store.list('butiku-')).map((o) => [o.key, o.size]));
  const uploaded: string[] = [];
  for (const database of listBackups(backupDir).slice(-keep)) {
    const pair = [uploadsArchiveFor(database), database].filter((f) => fs.existsSync(f));
    if (pair.every((f) => there.get(path.basename(f)) === fs.statSync(f).size)) continue;
    for (const f of pair) await uploadFile(store, f);
    uploaded.push(database);
  }
  return { uploaded, removed: await pruneOffsite(store, keep) };
}

export interface SyncOptions {
  attempts?: number;
  /** Wait before the second attempt; doubles for each further one. */
  firstRetryMs?: number;
  signal?: AbortSignal;
  /** Told about each failed attempt (the log). */
  onFailure?: (message: string, attempt: number) => void;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A backup that is complete in BACKUP_DIR but could not be put into the bucket (the local copy is kept). */
export class OffsiteUploadError extends Error {}

/** Uploads what the bucket lacks, with a few attempts; counts each success or failure for /metrics. */
export async function syncOffsite(
  store: ObjectStore,
  backupDir: string,
  keep: number,
  opts: SyncOptions = {},
): Promise<OffsiteResult> {
  const attempts = opts.attempts ?? 3;
  let wait = opts.firstRetryMs ?? 5_000;
  for (let attempt = 1; ; attempt++) {
    opts.signal?.throwIfAborted();
    try {
      const r = await syncOnce(store, backupDir, keep);
      counts.ok += 1;
      counts.lastSuccessMs = Date.now();
      return r;
    } catch (err) {
      counts.failed += 1;
      const message = `uploading backups to ${store.description} failed (attempt ${attempt} of ${attempts}): ${reason(err)}`;
      opts.onFailure?.(message, attempt);
      if (attempt >= attempts || opts.signal?.aborted)
        throw new OffsiteUploadError(
          `${message}. The local backups in ${backupDir} are kept; the next backup (or npm run db:backup) uploads them again.`,
        );
      // Not unref'ed: a command waiting to try again must not end as if its work were done. A shutdown aborts it.
      await sleep(wait, undefined, { signal: opts.signal });
      wait *= 2;
    }
  }
}
