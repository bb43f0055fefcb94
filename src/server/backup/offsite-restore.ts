// Restoring from the bucket (decision 266): `npm run db:restore -- s3://bucket/prefix/butiku-<time>.db` or
// `-- --latest` (the newest in BACKUP_STORAGE_URL) first downloads the backup and its pictures archive into
// BACKUP_DIR (0600 files, written as `.partial` and renamed, as a local backup is), then restores that local file
// with every check and safety of a local restore (restore.ts).
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseS3Url, type S3Location } from '../storage/storage-url';
import type { ObjectStore } from '../storage/store';
import { makePrivateFolder, uploadsArchiveFor } from './backup';
import { listOffsiteBackups } from './offsite';
import { RestoreRefused } from './restore';
import { discard, finished, startedWriting } from './unfinished';

/**
 * The bucket and key an `s3://bucket/prefix/butiku-<time>.db` argument names. Endpoint, region, path style and keys
 * not given in it come from BACKUP_STORAGE_URL (and its key variables) when that names the same bucket.
 */
export function offsiteBackupAt(url: string, configured?: S3Location): { location: S3Location; key: string } {
  const parsed = parseS3Url(url);
  if (!parsed.ok) throw new RestoreRefused(`${url}: ${parsed.error}`);
  const { prefix, ...rest } = parsed.location;
  const key = prefix.split('/').pop() ?? '';
  if (!/^butiku-\d{8}T\d{6}Z\.db$/.test(key))
    throw new RestoreRefused(
      `${url} names no backup: give the .db object, e.g. s3://bucket/prefix/butiku-20261122T031500Z.db`,
    );
  const same = configured?.bucket === rest.bucket ? configured : undefined;
  return {
    key,
    location: {
      ...rest,
      prefix: prefix.slice(0, -key.length).replace(/\/+$/, ''),
      region: rest.region ?? same?.region,
      endpoint: rest.endpoint ?? same?.endpoint,
      forcePathStyle: url.includes('forcePathStyle=') ? rest.forcePathStyle : (same?.forcePathStyle ?? false),
      credentials: same?.credentials,
    },
  };
}

/** The newest backup in the bucket (its `.db` key), or a refusal naming the bucket when it holds none. */
export async function latestOffsiteBackup(store: ObjectStore): Promise<string> {
  const all = await listOffsiteBackups(store);
  if (!all.length) throw new RestoreRefused(`${store.description} holds no backup (butiku-<time>.db).`);
  return all[all.length - 1]!;
}

/** Streams one object into `file` (0600), via `file.partial`; an object that is not there is a refusal. */
async function download(store: ObjectStore, key: string, file: string, signal?: AbortSignal): Promise<boolean> {
  const body = await store.get(key);
  if (!body) return false;
  const partial = `${file}.partial`;
  startedWriting(partial);
  try {
    await pipeline(body, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true }), { signal });
    fs.renameSync(partial, file);
    finished(partial);
  } catch (err) {
    discard([partial]);
    throw err;
  }
  return true;
}

/**
 * Downloads a backup (and its pictures archive, if the bucket has one) into BACKUP_DIR; a file already there with
 * the bucket's size is used as it is. Returns the local `.db` path, for restoreBackup.
 */
export async function fetchOffsiteBackup(
  store: ObjectStore,
  key: string,
  backupDir: string,
  signal?: AbortSignal,
): Promise<{ file: string; downloaded: string[] }> {
  makePrivateFolder(backupDir);
  const sizes = new Map((await store.list(key.replace(/\.db$/, ''))).map((o) => [o.key, o.size]));
  if (!sizes.has(key)) throw new RestoreRefused(`${store.description}/${key} does not exist.`);
  const downloaded: string[] = [];
  // The archive first, the .db last: as in BACKUP_DIR, a .db beside its archive is a complete pair.
  for (const k of [uploadsArchiveFor(key), key]) {
    const file = path.join(backupDir, k);
    if (!sizes.has(k) || (fs.existsSync(file) && fs.statSync(file).size === sizes.get(k))) continue;
    if (fs.existsSync(file))
      throw new RestoreRefused(
        `${file} already exists with another size than ${store.description}/${k}; move it away first.`,
      );
    if (await download(store, k, file, signal)) downloaded.push(file);
  }
  return { file: path.join(backupDir, key), downloaded };
}
