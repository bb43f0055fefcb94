// The uploads archive of a backup (decision 203): a gzip tar written through one awaited stream pipeline into a
// file that is flushed to disk and closed before the caller renames it.
//
// node-tar's asynchronous packer (7.5.x, isaacs/node-tar#460) stalls on hard-linked files: pending link jobs fill
// its job table, no more data comes, and `tar.create({ file })` then never settles. With nothing else to do, node
// ended the command with exit code 0, the archive half written. The demo seed (and duplicateImage) give pictures
// second names as hard links, so a fresh clone's uploads folder triggers it. Hard-linked files are therefore
// stat-ed here first and handed to tar with a link count of 1: each name is archived as a plain file (a restore
// makes independent copies, which never depend on entry order either), and tar never enters its link scheduling.
// A stall of any other cause fails the backup after STALL_MS without output instead of hanging or exiting quietly.
import fs, { type Stats } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';

/** No archive output for this long: the archiver is stuck, not slow (it reads and compresses megabytes a second). */
const STALL_MS = 120_000;

export class ArchiveStalled extends Error {}

/** Passes data through; fails the pipeline when no chunk came for `ms` (the source stopped without ending). */
export function stallGuard(ms: number, what: string): Transform {
  let timer: NodeJS.Timeout | undefined;
  const guard: Transform = new Transform({
    transform(chunk, _encoding, done) {
      arm();
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
    destroy(err, done) {
      clearTimeout(timer);
      done(err);
    },
  });
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () => guard.destroy(new ArchiveStalled(`${what} made no progress for ${Math.round(ms / 1000)} s`)),
      ms,
    );
  };
  arm();
  return guard;
}

/** Regular files under `folder` (recursively); the hard-linked ones with their lstat, link count set to 1. */
async function filesOf(folder: string): Promise<{ files: number; linked: Map<string, Stats> }> {
  const linked = new Map<string, Stats>();
  let files = 0;
  const visit = async (dir: string): Promise<void> => {
    for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) await visit(p);
      else if (entry.isFile()) {
        files++;
        const stat = await fs.promises.lstat(p);
        if (stat.nlink > 1) {
          stat.nlink = 1;
          linked.set(p, stat);
        }
      }
    }
  };
  await visit(folder);
  return { files, linked };
}

/** Writes `folder` as a gzip tar to `file` (created, never overwritten); returns how many files it holds. */
export async function archiveFolder(
  folder: string,
  file: string,
  signal?: AbortSignal,
  stallMs = STALL_MS,
): Promise<number> {
  const cwd = path.resolve(folder);
  const { files, linked } = await filesOf(cwd);
  // 'wx': never overwrites; flush: the file is fsync'ed before it is closed, and only a closed file is renamed.
  // Created 0600: a umask can only take bits away, so it is never readable by others (decision 236).
  const out = fs.createWriteStream(file, { flags: 'wx', flush: true, mode: 0o600 });
  // statCache: tar takes these stats instead of its own lstat (node-tar option "a Map that caches calls to lstat").
  const pack = tar.create({ gzip: true, cwd, portable: true, strict: true, statCache: linked }, ['.']);
  try {
    await pipeline(pack, stallGuard(stallMs, `archiving ${cwd}`), out, { signal });
  } finally {
    if (!out.closed) await once(out, 'close').catch(() => undefined);
  }
  return files;
}
