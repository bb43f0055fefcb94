// Backups without extra tools (decisions 153, 203): SQLite's online backup API (better-sqlite3 `backup()`) writes a
// consistent copy while the shop runs, checked with `PRAGMA integrity_check`; the uploads folder goes into a gzip
// tar beside it (node-tar); only the newest BACKUP_KEEP pairs are kept. The copy steps 1 000 pages at a time and
// its check runs in a worker thread, so a backup inside the serving process never holds the event loop (263). Used by `npm run db:backup` and by the
// in-server schedule (BACKUP_SCHEDULE). Both files are written as `.partial`, synced, then renamed (the `.db` last);
// any failure, abort or early exit removes the partial files. Every file is 0600 and a BACKUP_DIR it creates 0700,
// whatever the umask (decision 236): a backup holds the shop's customers and password hashes.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import type { ObjectStore } from '../storage/store';
import { archiveFolder } from './archive';
import { finishCopyInWorker } from './check-in-worker';
import { discard, finished, startedWriting } from './unfinished';

export interface BackupOptions {
  databasePath: string;
  uploadsDir: string;
  backupDir: string;
  keep: number;
  /**
   * The pictures' bucket (STORAGE_URL, decision 266): its objects are downloaded into a private folder beside the
   * backup and archived from there, instead of UPLOADS_DIR.
   */
  pictures?: ObjectStore;
  /** Aborting stops the backup and removes its partial files (a signal, or the shop shutting down). */
  signal?: AbortSignal;
}

export interface BackupResult {
  database: string;
  databaseBytes: number;
  uploads: string;
  uploadsBytes: number;
  /** Files in the uploads archive. */
  files: number;
  pages: number;
  ms: number;
  removed: string[];
}

/** A backup that could not be made, with a message for the operator (nothing was kept). */
export class BackupError extends Error {}

const PREFIX = 'butiku-';
const DB_SUFFIX = '.db';
const UPLOADS_SUFFIX = '.uploads.tgz';
const PARTIAL = '.partial';
/** Pages copied per step: ~4 MB, so a step is short and another connection's write restarts little work. */
const PAGES_PER_STEP = 1000;
/** Partial files of a run that was killed outright (SIGKILL, power loss) are removed once this old. */
const STALE_PARTIAL_MS = 24 * 3600 * 1000;

/** 20261122T031500Z: UTC, sorts by time, never ambiguous around a clock change. */
export const backupStamp = (at = new Date()) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');

/** The uploads archive that belongs to a database backup file. */
export const uploadsArchiveFor = (dbBackup: string) => dbBackup.slice(0, -DB_SUFFIX.length) + UPLOADS_SUFFIX;

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** `PRAGMA integrity_check` of a database file opened read-only: 'ok' or the problems it lists. */
export function integrityCheck(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

/** Flushes a written file (or folder entry) to the disk, so a rename never publishes an empty or torn file. */
export function syncToDisk(p: string): void {
  const fd = fs.openSync(p, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Makes renames in a folder durable; best effort (some file systems refuse to sync a folder). */
function syncFolder(dir: string): void {
  try {
    syncToDisk(dir);
  } catch {
    // the renames happened; only their durability across a power cut is not guaranteed here
  }
}

/** The database exists and BACKUP_DIR can be written: checked first, with messages that name the setting. */
function checkPlaces(opts: BackupOptions): void {
  if (!fs.existsSync(opts.databasePath) || !fs.statSync(opts.databasePath).isFile()) {
    throw new BackupError(`the database ${opts.databasePath} does not exist (DATABASE_PATH); nothing was written`);
  }
  try {
    makePrivateFolder(opts.backupDir);
    fs.accessSync(opts.backupDir, fs.constants.W_OK);
  } catch (err) {
    throw new BackupError(`BACKUP_DIR ${opts.backupDir} cannot be written (${reason(err)}); nothing was written`);
  }
}

/** Creates `dir` (and missing parents) readable by this user only (0700); an existing folder is left as it is. */
export function makePrivateFolder(dir: string): void {
  const first = fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!first) return;
  // mkdir's mode passes through the umask; chmod does not. Every folder this call created, down to `dir`.
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    fs.chmodSync(d, 0o700);
    if (d === path.resolve(first) || d === path.dirname(d)) break;
  }
}

/** An empty file only this user may read or write (0600 whatever the umask), made before anything is written to it. */
function createPrivateFile(file: string): void {
  const fd = fs.openSync(file, 'wx', 0o600);
  try {
    fs.fchmodSync(fd, 0o600);
  } finally {
    fs.closeSync(fd);
  }
}

/** Online copy of the database into `partial`, switched to one self-contained file and checked. Returns its pages. */
async function copyDatabase(databasePath: string, partial: string, signal?: AbortSignal): Promise<number> {
  // SQLite would create the copy (and its journal, which takes the file's mode) as 0644 under the usual umask: the
  // file exists first, private, and SQLite writes into it (an empty file is an empty database).
  createPrivateFile(partial);
  const source = new SQLite(databasePath, { fileMustExist: true });
  let pages = 0;
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(partial, {
      progress: ({ totalPages }) => {
        signal?.throwIfAborted(); // better-sqlite3 stops the backup and rejects with this
        pages = totalPages;
        return PAGES_PER_STEP;
      },
    });
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw new BackupError(`copying the database into ${partial} failed: ${reason(err)}; nothing was kept`);
  } finally {
    source.close();
  }
  // A backup is one self-contained file: rollback-journal mode, so no -wal/-shm ever sits beside it (the shop
  // switches a restored file back to WAL when it opens it). That switch, the check and the fsync run in a worker
  // thread (decision 263): seconds of blocking calls at a real shop's size.
  let check: string;
  try {
    check = await finishCopyInWorker(partial, signal);
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw new BackupError(`checking the copy ${partial} failed: ${reason(err)}; nothing was kept`);
  }
  if (check !== 'ok')
    throw new BackupError(`the copy failed PRAGMA integrity_check (${check.slice(0, 200)}); nothing was kept`);
  return pages;
}

async function archiveUploads(uploadsDir: string, partial: string, signal?: AbortSignal): Promise<number> {
  try {
    return await archiveFolder(uploadsDir, partial, signal);
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw new BackupError(
      `archiving UPLOADS_DIR ${uploadsDir} into ${partial} failed: ${reason(err)}; nothing was kept`,
    );
  }
}

/** Archives UPLOADS_DIR, or the bucket's pictures through a private folder `<base>.pictures.partial` (then removed). */
async function archivePictures(opts: BackupOptions, base: string, partial: string): Promise<number> {
  if (!opts.pictures) {
    fs.mkdirSync(opts.uploadsDir, { recursive: true });
    return archiveUploads(opts.uploadsDir, partial, opts.signal);
  }
  const folder = `${base}.pictures${PARTIAL}`;
  startedWriting(folder);
  try {
    makePrivateFolder(folder);
    for (const o of await opts.pictures.list()) {
      opts.signal?.throwIfAborted();
      const body = await opts.pictures.get(o.key);
      if (!body) continue; // deleted since the listing
      const file = path.join(folder, ...o.key.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      await pipeline(body, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }), { signal: opts.signal });
    }
  } catch (err) {
    discard([folder]);
    if (opts.signal?.aborted) throw opts.signal.reason;
    throw new BackupError(
      `downloading the pictures from ${opts.pictures.description} failed: ${reason(err)}; nothing was kept`,
    );
  }
  try {
    return await archiveUploads(folder, partial, opts.signal);
  } finally {
    discard([folder]);
  }
}

export async function createBackup(opts: BackupOptions, at = new Date()): Promise<BackupResult> {
  const started = Date.now();
  checkPlaces(opts);
  const base = path.join(opts.backupDir, `${PREFIX}${backupStamp(at)}`);
  const database = base + DB_SUFFIX;
  const uploads = base + UPLOADS_SUFFIX;
  if (fs.existsSync(database) || fs.existsSync(uploads))
    throw new BackupError(`${database} already exists (another backup this second); nothing was written`);
  const partials = [database + PARTIAL, uploads + PARTIAL];
  const sidecars = ['-journal', '-wal', '-shm'].map((s) => partials[0] + s); // SQLite's, beside the copy while it is written
  [...partials, ...sidecars].forEach(startedWriting);
  let pages: number;
  let files: number;
  try {
    pages = await copyDatabase(opts.databasePath, partials[0]!, opts.signal);
    files = await archivePictures(opts, base, partials[1]!);
    opts.signal?.throwIfAborted();
    fs.renameSync(partials[1]!, uploads);
    fs.renameSync(partials[0]!, database); // last: a .db without its archive never looks complete
    [...partials, ...sidecars].forEach(finished);
  } catch (err) {
    discard([...partials, ...sidecars, ...(fs.existsSync(database) ? [] : [uploads])]);
    throw err;
  }
  syncFolder(opts.backupDir);
  const removed = pruneAfter(opts, database, uploads);
  return {
    database,
    databaseBytes: fs.statSync(database).size,
    uploads,
    uploadsBytes: fs.statSync(uploads).size,
    files,
    pages,
    ms: Date.now() - started,
    removed,
  };
}

function pruneAfter(opts: BackupOptions, database: string, uploads: string): string[] {
  try {
    return pruneBackups(opts.backupDir, opts.keep);
  } catch (err) {
    throw new BackupError(
      `wrote ${database} and ${uploads}, but removing old backups (BACKUP_KEEP=${opts.keep}) failed: ${reason(err)}`,
    );
  }
}

/** The complete backups in a folder, oldest first. */
export function listBackups(backupDir: string): string[] {
  if (!fs.existsSync(backupDir)) return [];
  return fs
    .readdirSync(backupDir)
    .filter((f) => f.startsWith(PREFIX) && f.endsWith(DB_SUFFIX))
    .sort()
    .map((f) => path.join(backupDir, f));
}

/**
 * Deletes all but the newest `keep` backups (database and uploads archive) and partial files left by a run that was
 * killed outright a day or more ago; returns what it removed.
 */
export function pruneBackups(backupDir: string, keep: number, now = Date.now()): string[] {
  const all = listBackups(backupDir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  const removed: string[] = [];
  for (const file of old) {
    for (const f of [file, uploadsArchiveFor(file)]) {
      if (fs.existsSync(f)) {
        fs.rmSync(f);
        removed.push(f);
      }
    }
  }
  for (const f of fs.readdirSync(backupDir)) {
    const p = path.join(backupDir, f);
    if (
      f.startsWith(PREFIX) &&
      /\.partial(-journal|-wal|-shm)?$/.test(f) &&
      now - fs.statSync(p).mtimeMs > STALE_PARTIAL_MS
    ) {
      fs.rmSync(p, { force: true, recursive: true }); // `.pictures.partial` is a folder
      removed.push(p);
    }
  }
  return removed;
}
