// Backups without extra tools (decision 153): SQLite's online backup API (better-sqlite3 `backup()`) writes a
// consistent copy while the shop runs, checked with `PRAGMA integrity_check`; the uploads folder goes into a gzip
// tar beside it (node-tar); only the newest BACKUP_KEEP pairs are kept. Used by `npm run db:backup` and by the
// in-server schedule (BACKUP_SCHEDULE).
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';

export interface BackupOptions {
  databasePath: string;
  uploadsDir: string;
  backupDir: string;
  keep: number;
}

export interface BackupResult {
  database: string;
  uploads: string;
  pages: number;
  ms: number;
  removed: string[];
}

const PREFIX = 'butiku-';
const DB_SUFFIX = '.db';
const UPLOADS_SUFFIX = '.uploads.tgz';
/** Pages copied per step: ~4 MB, so a step is short and another connection's write restarts little work. */
const PAGES_PER_STEP = 1000;

/** 20261122T031500Z: UTC, sorts by time, never ambiguous around a clock change. */
export const backupStamp = (at = new Date()) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

/** The uploads archive that belongs to a database backup file. */
export const uploadsArchiveFor = (dbBackup: string) => dbBackup.slice(0, -DB_SUFFIX.length) + UPLOADS_SUFFIX;

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

export async function createBackup(opts: BackupOptions, at = new Date()): Promise<BackupResult> {
  const started = Date.now();
  fs.mkdirSync(opts.backupDir, { recursive: true });
  const base = path.join(opts.backupDir, `${PREFIX}${backupStamp(at)}`);
  const database = base + DB_SUFFIX;
  const uploads = base + UPLOADS_SUFFIX;
  const partial = `${database}.partial`;
  const source = new SQLite(opts.databasePath, { fileMustExist: true });
  let pages = 0;
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(partial, {
      progress: ({ totalPages }) => {
        pages = totalPages;
        return PAGES_PER_STEP;
      },
    });
  } finally {
    source.close();
  }
  // A backup is one self-contained file: rollback-journal mode, so no -wal/-shm ever sits beside it (the shop
  // switches a restored file back to WAL when it opens it).
  const copy = new SQLite(partial);
  let check: string;
  try {
    copy.pragma('journal_mode = DELETE');
    check = (copy.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check).join('; ');
  } finally {
    copy.close();
  }
  if (check !== 'ok') {
    fs.rmSync(partial, { force: true });
    throw new Error(`the copy failed PRAGMA integrity_check (${check.slice(0, 200)}); nothing was kept`);
  }
  fs.mkdirSync(opts.uploadsDir, { recursive: true });
  await tar.create({ gzip: true, file: `${uploads}.partial`, cwd: opts.uploadsDir, portable: true }, ['.']);
  fs.renameSync(`${uploads}.partial`, uploads);
  fs.renameSync(partial, database); // last: a .db without its archive never looks complete
  const removed = pruneBackups(opts.backupDir, opts.keep);
  return { database, uploads, pages, ms: Date.now() - started, removed };
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

/** Deletes all but the newest `keep` backups (database and uploads archive); returns what it removed. */
export function pruneBackups(backupDir: string, keep: number): string[] {
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
  return removed;
}
