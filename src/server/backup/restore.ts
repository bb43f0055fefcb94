// Restoring a backup (decision 153): the file must pass `PRAGMA integrity_check` and may only hold migrations this
// code knows (a backup from a newer version is refused); it is put at DATABASE_PATH with its uploads archive
// unpacked into UPLOADS_DIR. Nothing is stopped here: an existing database or uploads folder is only replaced
// with `force`, after the operator stopped the shop, and is moved aside, never deleted.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { migrations } from '../../../migrations/index';
import { backupStamp, integrityCheck, uploadsArchiveFor } from './backup';

export class RestoreRefused extends Error {}

export interface RestoreOptions {
  file: string;
  databasePath: string;
  uploadsDir: string;
  force: boolean;
}

export interface RestoreResult {
  database: string;
  uploads: string | null;
  movedAside: string[];
}

/** Migration names recorded in a database file (none when it has no migration table). */
function appliedMigrations(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) return [];
    return (db.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>).map((r) => r.name);
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
    throw new RestoreRefused(`${file} is not a readable SQLite database (${err instanceof Error ? err.message : String(err)}).`);
  }
  if (check !== 'ok') throw new RestoreRefused(`${file} fails PRAGMA integrity_check: ${check.slice(0, 300)}. Pick an older backup.`);
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

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  checkBackupFile(opts.file);
  const archive = uploadsArchiveFor(opts.file);
  const hasArchive = opts.file.endsWith('.db') && exists(archive);
  const dbTaken = [opts.databasePath, `${opts.databasePath}-wal`].some(exists);
  const uploadsTaken = hasArchive && nonEmptyDir(opts.uploadsDir);
  if ((dbTaken || uploadsTaken) && !opts.force) {
    throw new RestoreRefused(
      [
        `${dbTaken ? opts.databasePath : opts.uploadsDir} already exists; nothing was changed.`,
        'Stop the shop first (systemctl stop butiku, or docker compose stop shop), then run',
        `  npm run db:restore -- ${opts.file} --force`,
        'which moves the current database and uploads aside (*.before-restore-<time>) and puts the backup in their place.',
      ].join('\n'),
    );
  }
  const movedAside: string[] = [];
  const stamp = backupStamp();
  const moveAside = (p: string) => {
    if (!exists(p)) return;
    const to = `${p}.before-restore-${stamp}`;
    fs.renameSync(p, to);
    movedAside.push(to);
  };
  for (const p of [opts.databasePath, `${opts.databasePath}-wal`, `${opts.databasePath}-shm`]) moveAside(p);
  fs.mkdirSync(path.dirname(opts.databasePath), { recursive: true });
  fs.copyFileSync(opts.file, `${opts.databasePath}.restoring`);
  fs.renameSync(`${opts.databasePath}.restoring`, opts.databasePath);

  if (hasArchive) {
    if (uploadsTaken) moveAside(opts.uploadsDir);
    fs.mkdirSync(opts.uploadsDir, { recursive: true });
    await tar.extract({ file: archive, cwd: opts.uploadsDir, strict: true });
  }
  return { database: opts.databasePath, uploads: hasArchive ? opts.uploadsDir : null, movedAside };
}
