// The one kind of answer cache an anonymous URL may add to (decision 201):
// - bounded in bytes: least recently used first out once the entries' bytes pass the bound (lru-cache maxSize +
//   sizeCalculation; never a count of entries, which says nothing about memory);
// - kept on the second ask (unless `keepFirst`): a key is kept only when it was asked for before, recently (its
//   hash is remembered in two small generations of a set), so a flood of one-off URLs is answered without entering
//   the cache: no entry is made only to be pushed out again, which is what grows a garbage-collected heap;
// - idle entries dropped: an entry nobody asked for in `idleMs` goes, so the process gives memory back when
//   traffic stops.
// Used by the catalogue read cache, the fast lane's batch answers and the rendered pages.
import { LRUCache } from 'lru-cache';

export interface ByteCacheOptions<V> {
  maxBytes: number;
  idleMs: number;
  /** The bytes an entry holds (an estimate; it must grow with everything the entry keeps alive). */
  bytes: (value: V, key: string) => number;
  /** Keep a key on its first ask: for entries costly to make again whose keys no URL can multiply. */
  keepFirst?: boolean;
}

/** How often idle entries are looked for: an entry goes at most this long after its idle time. */
const SWEEP_MS = 5_000;
/** Keys remembered per generation: a key asked for again within about this many other new keys is kept. */
const REMEMBERED = 16_384;

/** FNV-1a over the key's UTF-16 code units: which keys were asked for before (a collision only keeps a key early). */
function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class ByteCache<V extends NonNullable<unknown>> {
  private readonly lru: LRUCache<string, V>;
  private recent = new Set<number>();
  private older = new Set<number>();
  private readonly keepFirst: boolean;

  constructor(opts: ByteCacheOptions<V>) {
    this.keepFirst = opts.keepFirst ?? false;
    this.lru = new LRUCache<string, V>({
      maxSize: opts.maxBytes,
      // An entry above the whole bound is not kept at all (lru-cache's maxEntrySize defaults to maxSize).
      sizeCalculation: (value, key) => Math.max(1, Math.ceil(opts.bytes(value, key))),
      ttl: opts.idleMs,
      updateAgeOnGet: true,
      // Staleness is judged to the second: no clock read per lookup on the hot reads.
      ttlResolution: 1000,
    });
    track(this as unknown as ByteCache<NonNullable<unknown>>);
  }

  get(key: string): V | undefined {
    return this.lru.get(key);
  }

  /** Keeps `value` when `key` was asked for before (see above); true when it is kept. */
  /** Keeps `value` (on the key's second ask unless `keepFirst`, the cache's or this call's); false when not kept. */
  set(key: string, value: V, keepFirst = this.keepFirst): boolean {
    if (!keepFirst && !this.lru.has(key)) {
      const h = keyHash(key);
      if (!this.recent.has(h) && !this.older.has(h)) {
        this.remember(h);
        return false;
      }
    }
    this.lru.set(key, value);
    return this.lru.has(key);
  }

  /** Drops every entry; the keys asked for stay remembered. */
  clear(): void {
    this.lru.clear();
  }

  /** Entries, their estimated bytes and the bound (tests, diagnostics). */
  stats(): { entries: number; bytes: number; maxBytes: number } {
    return { entries: this.lru.size, bytes: this.lru.calculatedSize, maxBytes: this.lru.maxSize };
  }

  /** Drops idle entries (the sweep below). */
  purgeIdle(): void {
    this.lru.purgeStale();
  }

  private remember(h: number): void {
    if (this.recent.size >= REMEMBERED) {
      this.older = this.recent;
      this.recent = new Set();
    }
    this.recent.add(h);
  }
}

const live = new Set<WeakRef<ByteCache<NonNullable<unknown>>>>();
let sweeper: NodeJS.Timeout | null = null;

function sweep(): void {
  for (const ref of live) {
    const cache = ref.deref();
    if (cache) cache.purgeIdle();
    else live.delete(ref);
  }
  if (live.size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = null;
  }
}

function track(cache: ByteCache<NonNullable<unknown>>): void {
  live.add(new WeakRef(cache));
  if (!sweeper) {
    sweeper = setInterval(sweep, SWEEP_MS);
    sweeper.unref();
  }
}
