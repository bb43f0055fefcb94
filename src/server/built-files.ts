// Documents that grow with the catalogue (product feeds, sitemap, the spec's all-products answer), built off the
// request path and served from disk (issue 38, decision 242). A build runs in time slices that yield
// (time-slices.ts), writes its files under a per-process temporary folder, gzips them on libuv's thread pool and
// publishes them at once; requests stream the files with a strong ETag (SHA-1 of the plain bytes) and
// Last-Modified. A set is rebuilt only when its stamp (the catalogue version and shop date) has moved on, never per
// request, and concurrent requests share one build. While a set is stale:
//   - a quick build (under AWAIT_BUILD_MS last time: a small shop) is awaited, so a write shows on the next fetch;
//   - a slow one is served stale and rebuilt in the background, at most once per MIN_REBUILD_MS, so a shop whose
//     stock moves with every order does not rebuild a 40 MB feed per order.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { timeSlices, type TimeSlices } from './time-slices';

/** A published file of a set. */
export interface BuiltFile {
  path: string;
  gzipPath: string;
  bytes: number;
  /** Strong validator of the plain bytes (quoted). */
  etag: string;
  lastModified: Date;
}

/** One build's files, by name ('' for a set's only or main file). */
export interface BuiltSet {
  stamp: string;
  files: ReadonlyMap<string, BuiltFile>;
  builtAt: number;
  /** How long the build took (wall time, slices included). */
  ms: number;
}

/** Where a build writes: one text file per name, each written in order (awaits the disk when it lags). */
export interface SetWriter {
  file(name: string): FileWriter;
  /** Yields to the event loop once the current slice is spent: call it inside every loop over rows. */
  readonly slices: TimeSlices;
}

export interface FileWriter {
  write(text: string): Promise<void>;
}

export type BuildSet = (out: SetWriter) => Promise<void>;

/** A stale set whose last build took less than this is rebuilt before answering (a small shop sees every write). */
export const AWAIT_BUILD_MS = 250;
/** A slow set is rebuilt at most this often while its stamp keeps moving (stock changes with every order). */
export const MIN_REBUILD_MS = 5 * 60_000;

interface Entry {
  set?: BuiltSet;
  building?: Promise<BuiltSet>;
  /** When a background rebuild is due (a slow set that became stale less than MIN_REBUILD_MS after its build). */
  timer?: NodeJS.Timeout;
}

let root: string | undefined;
let serial = 0;

/** The process's folder of built files (created on first use, removed when the process exits). */
function folder(): string {
  if (!root) {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-built-'));
    const made = root;
    process.once('exit', () => fs.rmSync(made, { recursive: true, force: true }));
  }
  return root;
}

class Writer implements FileWriter {
  readonly hash = createHash('sha1');
  bytes = 0;
  private readonly stream: fs.WriteStream;
  constructor(readonly path: string) {
    this.stream = fs.createWriteStream(path);
  }
  async write(text: string): Promise<void> {
    if (!text) return;
    this.hash.update(text);
    this.bytes += Buffer.byteLength(text);
    if (!this.stream.write(text)) await once(this.stream, 'drain');
  }
  async close(): Promise<void> {
    this.stream.end();
    await once(this.stream, 'close');
  }
  abort(): void {
    this.stream.destroy();
  }
}

async function build(stamp: string, make: BuildSet, previous: BuiltSet | undefined): Promise<BuiltSet> {
  const started = Date.now();
  const prefix = path.join(folder(), `${++serial}`);
  const writers = new Map<string, Writer>();
  const out: SetWriter = {
    slices: timeSlices(),
    file(name) {
      let w = writers.get(name);
      if (!w) writers.set(name, (w = new Writer(`${prefix}-${name.replace(/[^a-z0-9-]/gi, '_') || 'main'}`)));
      return w;
    },
  };
  try {
    await make(out);
    const files = new Map<string, BuiltFile>();
    for (const [name, w] of writers) {
      await w.close();
      await pipeline(fs.createReadStream(w.path), createGzip(), fs.createWriteStream(`${w.path}.gz`));
      const etag = `"${w.hash.digest('base64url')}"`;
      const before = previous?.files.get(name);
      files.set(name, {
        path: w.path,
        gzipPath: `${w.path}.gz`,
        bytes: w.bytes,
        etag,
        // Unchanged bytes keep their date: a crawler's If-Modified-Since stays a 304 across rebuilds.
        lastModified: before?.etag === etag ? before.lastModified : new Date(Math.floor(started / 1000) * 1000),
      });
    }
    return { stamp, files, builtAt: Date.now(), ms: Date.now() - started };
  } catch (err) {
    for (const w of writers.values()) {
      w.abort();
      fs.rmSync(w.path, { force: true });
      fs.rmSync(`${w.path}.gz`, { force: true });
    }
    throw err;
  }
}

/** A replaced set's files stay this long: a request that was handed the set just before may still open them. */
const DISCARD_AFTER_MS = 60_000;

/** Removes a replaced set's files, after DISCARD_AFTER_MS (a stream already reading one keeps its open file). */
function discard(set: BuiltSet | undefined, now = false): void {
  if (!set) return;
  const remove = () => {
    for (const f of set.files.values()) {
      fs.rm(f.path, { force: true }, () => undefined);
      fs.rm(f.gzipPath, { force: true }, () => undefined);
    }
  };
  if (now) remove();
  else setTimeout(remove, DISCARD_AFTER_MS).unref();
}

/** Sets built for one owner (a database), by key: built on demand, kept until their stamp moves on. */
export class BuiltFiles {
  private readonly entries = new Map<string, Entry>();

  /**
   * The set for `key` as of `stampNow()` (the catalogue version and shop date): the built one, a stale one while a
   * slow rebuild runs or waits its turn, or a fresh build.
   */
  async get(key: string, stampNow: () => Promise<string>, make: BuildSet): Promise<BuiltSet> {
    const stamp = await stampNow();
    const entry = this.entries.get(key) ?? {};
    this.entries.set(key, entry);
    const have = entry.set;
    if (have?.stamp === stamp) return have;
    const slow = have !== undefined && have.ms >= AWAIT_BUILD_MS;
    if (entry.building) return slow ? have : entry.building;
    if (!slow) return this.start(entry, stamp, make);
    const due = have.builtAt + MIN_REBUILD_MS - Date.now();
    if (due <= 0) void this.start(entry, stamp, make).catch(() => undefined);
    else entry.timer ??= setTimeout(() => this.rebuildLater(entry, stampNow, make), due).unref();
    return have;
  }

  /** A rebuild a stale request put off: built for the stamp of when it runs, unless a build already caught up. */
  private rebuildLater(entry: Entry, stampNow: () => Promise<string>, make: BuildSet): void {
    entry.timer = undefined;
    if (entry.building) return;
    void stampNow()
      .then((stamp) => (entry.set?.stamp === stamp || entry.building ? undefined : this.start(entry, stamp, make)))
      .catch(() => undefined);
  }

  private start(entry: Entry, stamp: string, make: BuildSet): Promise<BuiltSet> {
    const building = build(stamp, make, entry.set)
      .then((set) => {
        discard(entry.set);
        entry.set = set;
        return set;
      })
      .finally(() => {
        if (entry.building === building) entry.building = undefined;
      });
    entry.building = building;
    return building;
  }

  /** Forgets every set and removes its files (tests; a database closing). */
  clear(): void {
    for (const entry of this.entries.values()) {
      if (entry.timer) clearTimeout(entry.timer);
      discard(entry.set, true);
    }
    this.entries.clear();
  }
}
