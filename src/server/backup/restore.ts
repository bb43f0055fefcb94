// Restoring a backup (decisions 153, 203): the file must pass `PRAGMA integrity_check` and may only hold migrations
// this code knows (a backup from a newer version is refused); it is put at DATABASE_PATH with its uploads archive
// unpacked into UPLOADS_DIR. Both are first prepared beside their targets (`.restoring`), then renamed into place,
// so a failure or a signal leaves nothing half-written. Nothing is stopped here: an existing database or uploads
// folder is only replaced with `force`, after the operator stopped the shop, and is moved aside, never deleted.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { migrations } from '#migrations/index';
import { openDatabase } from '../db/client';
import { keepStatistics } from '../db/dialect';
import { backupStamp, integrityCheck, syncToDisk, uploadsArchiveFor } from './backup';
import { discard, finished, startedWriting } from './unfinished';
import { copyObjects } from '../storage/copy';
import { localStore } from '../storage/local-store';
import type { ObjectStore } from '../storage/store';

export class RestoreRefused extends Error {}

export interface RestoreOptions {
  file: string;
  databasePath: string;
  uploadsDir: string;
  force: boolean;
  /**
   * The pictures' bucket (STORAGE_URL, decision 266): the archive's pictures are put there (objects already there
   * with the same size are kept; nothing in the bucket is removed) instead of replacing UPLOADS_DIR.
   */
  pictures?: ObjectStore;
  /** Aborting stops the restore before anything is moved and removes what was staged. */
  signal?: AbortSignal;
}

export interface RestoreResult {
  database: string;
  uploads: string | null;
  /** Files unpacked into UPLOADS_DIR. */
  files: number;
  movedAside: string[];
}

/** Migration names recorded in a database file (none when it has no migration table). */
function appliedMigrations(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) return [];
    return (db.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>).map(
      (r) => r.name,
    );
  } finally {
    db.close();
  }
}

/** Refuses a file that is no SQLite database, fails integrity_check or holds migrations this code does not know. */
export function checkBackupFile(file: string): void {
  if (!fs.existsSync(file)) throw new RestoreRefused(`${file} does not exist.`);
  let check: string;
  try {
    check = integrityCheck(file);
  } catch (err) {
    throw new RestoreRefused(
      `${file} is not a readable SQLite database (${err instanceof Error ? err.message : String(err)}).`,
    );
  }
  if (check !== 'ok')
    throw new RestoreRefused(`${file} fails PRAGMA integrity_check: ${check.slice(0, 300)}. Pick an older backup.`);
  const known = new Set(Object.keys(migrations));
  const unknown = appliedMigrations(file).filter((m) => !known.has(m));
  if (unknown.length) {
    throw new RestoreRefused(
      `${file} was written by a newer version of Butiku (migrations this code does not know: ${unknown.join(', ')}). ` +
        'Update the code first (git pull && npm install), then restore again.',
    );
  }
}

const exists = (p: string) => fs.existsSync(p);
const nonEmptyDir = (p: string) => exists(p) && fs.readdirSync(p).length > 0;

function refuseOverwrite(opts: RestoreOptions, dbTaken: boolean): never {
  throw new RestoreRefused(
    [
      `${dbTaken ? opts.databasePath : opts.uploadsDir} already exists; nothing was changed.`,
      'Stop the shop first (systemctl stop butiku, or docker compose stop shop), then run',
      `  npm run db:restore -- ${opts.file} --force`,
      'which moves the current database and uploads aside (*.before-restore-<time>) and puts the backup in their place.',
    ].join('\n'),
  );
}

/**
 * Fresh planner statistics in the staged copy (decision 241): the shop plans its first queries with them. Closing
 * the connection folds its write-ahead log back into the file.
 */
async function withStatistics(file: string): Promise<void> {
  const db = openDatabase(file);
  try {
    await keepStatistics(db);
  } finally {
    await db.destroy();
  }
}

/** The database copy and the unpacked pictures, beside their targets (same file system, so renames are atomic). */
async function stage(
  opts: RestoreOptions,
  archive: string | null,
  staged: { database: string; uploads: string },
): Promise<void> {
  fs.mkdirSync(path.dirname(opts.databasePath), { recursive: true });
  fs.copyFileSync(opts.file, staged.database);
  await withStatistics(staged.database);
  syncToDisk(staged.database);
  opts.signal?.throwIfAborted();
  if (!archive) return;
  fs.mkdirSync(staged.uploads, { recursive: true });
  try {
    await pipeline(fs.createReadStream(archive), tar.extract({ cwd: staged.uploads, strict: true }), {
      signal: opts.signal,
    });
  } catch (err) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    throw new Error(`unpacking ${archive} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function countFiles(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true }))
    n += e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1;
  return n;
}

/** Moves the current files aside and the staged ones into place; undoes every move if one of them fails. */
function swapIn(
  opts: RestoreOptions,
  staged: { database: string; uploads: string },
  withUploads: boolean,
  uploadsTaken: boolean,
): string[] {
  const done: Array<[string, string]> = [];
  const move = (from: string, to: string) => {
    fs.renameSync(from, to);
    done.push([from, to]);
  };
  const stamp = backupStamp();
  const aside = (p: string) => exists(p) && move(p, `${p}.before-restore-${stamp}`);
  let removedEmpty = false;
  try {
    for (const p of [opts.databasePath, `${opts.databasePath}-wal`, `${opts.databasePath}-shm`]) aside(p);
    if (withUploads) {
      if (uploadsTaken) aside(opts.uploadsDir);
      else if (exists(opts.uploadsDir)) {
        fs.rmdirSync(opts.uploadsDir); // empty: nothing to keep
        removedEmpty = true;
      }
    }
    move(staged.database, opts.databasePath);
    if (withUploads) move(staged.uploads, opts.uploadsDir);
  } catch (err) {
    for (const [from, to] of done.reverse()) fs.renameSync(to, from);
    if (removedEmpty) fs.mkdirSync(opts.uploadsDir, { recursive: true });
    throw err;
  }
  return done.filter(([, to]) => to.includes('.before-restore-')).map(([, to]) => to);
}

/** Puts the unpacked pictures into the bucket before the database is swapped in: a failure changes nothing else. */
async function putPictures(folder: string, store: ObjectStore): Promise<void> {
  const from = localStore(folder);
  const report = await copyObjects(from, store, await from.list());
  if (report.mismatched.length)
    throw new Error(
      `putting the pictures into ${store.description} failed for ${report.mismatched.slice(0, 5).join(', ')}`,
    );
}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  checkBackupFile(opts.file);
  const archivePath = uploadsArchiveFor(opts.file);
  const archive = opts.file.endsWith('.db') && exists(archivePath) ? archivePath : null;
  const dbTaken = [opts.databasePath, `${opts.databasePath}-wal`].some(exists);
  const uploadsTaken = archive !== null && !opts.pictures && nonEmptyDir(opts.uploadsDir);
  if ((dbTaken || uploadsTaken) && !opts.force) refuseOverwrite(opts, dbTaken);

  // Everything is prepared beside its target first; only then is anything moved. A failure, a signal or an early
  // exit removes what was staged and leaves the current database and uploads as they were.
  const staged = { database: `${opts.databasePath}.restoring`, uploads: `${opts.uploadsDir}.restoring` };
  discard([staged.database, staged.uploads]); // leftovers of a run that was killed outright
  startedWriting(staged.database);
  if (archive) startedWriting(staged.uploads);
  let movedAside: string[];
  let files = 0;
  try {
    await stage(opts, archive, staged);
    if (archive) files = countFiles(staged.uploads);
    if (archive && opts.pictures) await putPictures(staged.uploads, opts.pictures);
    movedAside = swapIn(opts, staged, archive !== null && !opts.pictures, uploadsTaken);
    if (opts.pictures) discard([staged.uploads]);
    finished(staged.database);
    finished(staged.uploads);
  } catch (err) {
    discard([staged.database, staged.uploads]);
    throw err;
  }
  const uploads = archive ? (opts.pictures?.description ?? opts.uploadsDir) : null;
  return { database: opts.databasePath, uploads, files, movedAside };
}
