// The catalogue's read cache (docs/decisions/010, 201): one per database, held in process globals (the version
// counter bumpCatalogVersion() raises, the caches and their byte budgets). The only way to clear it is
// bumpCatalogVersion() (setCatalogCacheBudget() starts a new one when the bounds change).
//
// Every catalogue read is answered from a per-database cache of finished DTOs
// (and their JSON text, for REST), keyed by the normalised query. The cache is dropped when
//   - the trigger-maintained catalogue version changes (migrations/0010: any write to products, variants,
//     images, events, categories, colours, sizes, countries or product discounts, from any module or process;
//     a change of a variant's stock alone does not bump it, see below),
//   - bumpCatalogVersion() is called (other modules: call it after any catalogue or discount write; it drops
//     the cache at once, before the next read even looks at the database),
//   - shopToday() changes (a discount window opens or closes at midnight, shop time).
// A change of stock (migrations/0490, decision 260) drops only the answers that show a product whose stock moved:
// every kept answer remembers the products it holds (each `productID` in its value) and the stock move it was made
// after; the triggers count stock moves (catalog_state.stock_seq) and keep each product's latest one, and a read
// that finds the count moved on reads which products moved, and then treats their answers as absent.
// So a write is visible on the next read. Cached values are frozen: never mutate what a read returns.
// Bounded in bytes, not entries (decision 201): a least-recently-used cache of at most CACHE_CATALOG_BYTES, each
// entry weighed by its JSON text (the DTO, its JSON, gzip and tRPC texts all live as long as the entry), and
// entries unused for CACHE_IDLE_SECONDS dropped (lib/byte-cache.ts). Keys
// are made from normalised input (ids sorted, repeats and unknown ids dropped, unknown parameters never read),
// and answers an arbitrary input can multiply (a missing row, a page past the last one) are never kept.
import { shopToday } from '#shared/dates';
import type { DB } from '#server/db/client';
import { ByteCache } from '#server/lib/byte-cache';
import { DEFAULT_CACHE_BUDGET } from '#server/lib/cache-budget';
import * as q from './catalog.queries';
// ---------------------------------------------------------------------------------------------------------
// Read cache

export interface CachedRead<T> {
  readonly value: T;
  /** The value as JSON text, serialised once per cache entry. */
  json(): string;
  /** This entry's number, unique in the process; 0 for an answer made for one request and never kept. */
  readonly id: number;
}

/** A kept answer: the products it shows and the stock move the catalogue was at when it was computed. */
interface KeptRead<T> extends CachedRead<T> {
  readonly products: readonly number[];
  readonly madeAt: number;
}

export interface CacheState {
  processVersion: number;
  dbVersion: number;
  today: string;
  /** The stock moves (catalog_state.stock_seq) this state has caught up with. */
  stockSeq: number;
  /** Each product whose stock moved since the state began, with its latest move. */
  movedAt: Map<number, number>;
  /** The products' moves being read: concurrent reads wait for one. */
  catchingUp?: Promise<void>;
  /** One per database and budget: emptied when the version or the date changes (what was asked is remembered). */
  entries: ByteCache<CachedRead<unknown>>;
  /** Reads being computed: concurrent requests for one key share one computation. */
  pending: Map<string, Promise<CachedRead<unknown>>>;
  /** Replaced by a newer version's state: what it computes now is not kept. */
  retired: boolean;
}

/**
 * Bytes an entry holds per character of its JSON: the frozen DTO tree (about twice the text), the text, its
 * UTF-8 bytes and gzip (catalog.body.ts) and the tRPC result text (catalog.fast-lane.ts). Measured (decision 201):
 * heap and external memory around filling the cache with REST listing pages came to 0.8-0.97 of this estimate.
 */
const BYTES_PER_JSON_CHAR = 5;
const ENTRY_OVERHEAD_BYTES = 512;
/** A DTO entry's bytes: its JSON (made for the purpose and dropped) times what lives with it. */
const entryBytes = (value: unknown): number => BYTES_PER_JSON_CHAR * (JSON.stringify(value)?.length ?? 4);

interface Budget {
  bytes: number;
  idleMs: number;
}
const caches = new WeakMap<DB, CacheState>();
/** Entries weighed otherwise than entryBytes (ReadOptions.bytes). */
const weights = new WeakMap<object, (value: unknown) => number>();
const budgets = new WeakMap<DB, Budget>();
const DEFAULT_BUDGET: Budget = { bytes: DEFAULT_CACHE_BUDGET.catalogBytes, idleMs: DEFAULT_CACHE_BUDGET.idleMs };
let processVersion = 0;
let entrySerial = 0;
/** Reads answered from the cache (or a computation already under way) and reads computed, in this process. */
const lookups = { hits: 0, misses: 0 };

/** How many catalogue reads the cache answered and how many it computed since start (the /metrics hit rate). */
export const catalogCacheLookups = (): { hits: number; misses: number } => ({ ...lookups });

/** Drops every cached catalogue answer now. Call after any catalogue or discount write (also covered by triggers). */
/** Closes the connection the cache reads the catalogue's version on (a shutdown, before the database itself). */
export const closeCatalogReaders = (db: DB): Promise<void> => q.closeVersionReader(db);

export function bumpCatalogVersion(): void {
  processVersion += 1;
}

/** The bounds of `db`'s read cache (CACHE_CATALOG_BYTES, CACHE_IDLE_SECONDS; createApp sets them). A change drops the cache. */
export function setCatalogCacheBudget(db: DB, budget: Budget): void {
  const known = budgets.get(db);
  if (known && known.bytes === budget.bytes && known.idleMs === budget.idleMs) return;
  budgets.set(db, { ...budget });
  const state = caches.get(db);
  if (state) state.retired = true;
  caches.delete(db);
}

/** Entries and estimated bytes held by `db`'s read cache now (tests, diagnostics). */
export function catalogCacheStats(db: DB): { entries: number; bytes: number; maxBytes: number } {
  return (
    caches.get(db)?.entries.stats() ?? { entries: 0, bytes: 0, maxBytes: (budgets.get(db) ?? DEFAULT_BUDGET).bytes }
  );
}

// shopToday() builds an Intl formatter per call; once a second is plenty for a date.
let todayMemo = { at: 0, value: '' };
export function cachedShopToday(): string {
  const now = Date.now();
  if (now - todayMemo.at > 1000) todayMemo = { at: now, value: shopToday(new Date(now)) };
  return todayMemo.value;
}

/** Freezes a cached answer so no reader changes what the next one gets (typed arrays cannot be frozen: left as they are). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !ArrayBuffer.isView(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

function makeEntry<T>(value: T, id: number, products: readonly number[] = [], madeAt = 0): KeptRead<T> {
  let text: string | undefined;
  return { value: deepFreeze(value), json: () => (text ??= JSON.stringify(value) ?? 'null'), id, products, madeAt };
}

/** Every product an answer shows: each `productID` in it (cards, products, variants, page heads' first-view data). */
export function productIdsIn(value: unknown): number[] {
  const found = new Set<number>();
  const walk = (v: unknown): void => {
    if (!v || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const item of v) walk(item);
      return;
    }
    for (const [k, item] of Object.entries(v)) {
      if (k === 'productID' && typeof item === 'number') found.add(item);
      else walk(item);
    }
  };
  walk(value);
  return [...found];
}

/** Whether a product `kept` shows moved its stock after it was computed. */
function stockMovedUnder(state: CacheState, kept: KeptRead<unknown>): boolean {
  if (kept.madeAt >= state.stockSeq) return false;
  for (const p of kept.products) if ((state.movedAt.get(p) ?? 0) > kept.madeAt) return true;
  return false;
}

/** An answer made for this request only (never kept): a page past the last one, an input that matches nothing. */
export const answerOnly = <T>(value: T): CachedRead<T> => makeEntry(value, 0);

function newState(db: DB, versions: q.CatalogVersions, today: string, previous: CacheState | undefined): CacheState {
  let entries = previous?.entries;
  if (entries) entries.clear();
  else {
    const budget = budgets.get(db) ?? DEFAULT_BUDGET;
    entries = new ByteCache<CachedRead<unknown>>({
      maxBytes: budget.bytes,
      idleMs: budget.idleMs,
      bytes: (entry, key) => ENTRY_OVERHEAD_BYTES + 2 * key.length + (weights.get(entry) ?? entryBytes)(entry.value),
    });
  }
  if (previous) previous.retired = true;
  return {
    processVersion,
    dbVersion: versions.version,
    stockSeq: versions.stockSeq,
    movedAt: new Map(),
    today,
    entries,
    pending: new Map(),
    retired: false,
  };
}

/**
 * Products read per catch-up, and products a state remembers as moved: more (an import, a stock count) and the
 * state starts afresh, as for any other catalogue write.
 */
const MAX_MOVED = 2000;

/** Reads which products moved their stock after `state.stockSeq` (up to move `upTo` at least) and remembers them. */
async function applyMoves(db: DB, state: CacheState, upTo: number): Promise<void> {
  const moves = await q.fastStockMovesSince(db, state.stockSeq, MAX_MOVED + 1);
  if (state.retired) return;
  if (moves.length > MAX_MOVED || state.movedAt.size + moves.length > MAX_MOVED) {
    caches.set(db, newState(db, { version: state.dbVersion, stockSeq: upTo }, state.today, state));
    return;
  }
  // Moves committed after `upTo` may be among them: remembered too, and read again by the catch-up that sees them.
  for (const m of moves) state.movedAt.set(m.productId, m.seq);
  // Computations under way may hold the old stock: later reads start their own (what they keep is judged stale).
  if (moves.length) state.pending.clear();
  state.stockSeq = Math.max(state.stockSeq, upTo);
}

/** Brings `state` up to stock move `upTo` (one catch-up at a time, shared by concurrent reads). */
async function catchUp(db: DB, state: CacheState, upTo: number): Promise<void> {
  while (state.stockSeq < upTo && !state.retired) {
    state.catchingUp ??= applyMoves(db, state, upTo).finally(() => {
      state.catchingUp = undefined;
    });
    await state.catchingUp;
  }
}

/** The cache of `db` for the current catalogue version and shop date (one version read). */
export async function freshState(db: DB): Promise<CacheState> {
  const today = cachedShopToday();
  const versions = await q.fastCatalogVersion(db);
  let state = caches.get(db);
  if (
    !state ||
    state.processVersion !== processVersion ||
    state.dbVersion !== versions.version ||
    state.today !== today
  ) {
    state = newState(db, versions, today, state);
    caches.set(db, state);
    return state;
  }
  if (versions.stockSeq > state.stockSeq) {
    await catchUp(db, state, versions.stockSeq);
    return caches.get(db) ?? state;
  }
  return state;
}

interface ReadOptions<T> {
  /** Whether the answer is kept (default: always). Answers any input can multiply should not be. */
  keep?: (value: T) => boolean;
  /** The bytes the value holds, when not a DTO the doors send (default: weighed by its JSON, entryBytes). */
  bytes?: (value: T) => number;
  /**
   * Kept on its first ask, not its second (lib/byte-cache.ts): for the few reads under a fixed key that every page
   * shares (the indexes of the whole catalogue). The start's warm-up (warm-up.ts) then builds them once for good;
   * kept from the second ask, each was built again by the first shopper's page (the related index: 40 ms of SQLite).
   */
  keepFirst?: boolean;
}

/** `key` in `state`, or computed (once, even under concurrent requests) and kept unless `keep` says no. */
export function readIn<T>(
  state: CacheState,
  key: string,
  compute: (today: string) => Promise<T>,
  opts: ReadOptions<T> = {},
): Promise<CachedRead<T>> {
  const kept = state.entries.get(key) as KeptRead<T> | undefined;
  const hit = kept && !stockMovedUnder(state, kept) ? kept : undefined;
  const inFlight = hit ? undefined : (state.pending.get(key) as Promise<CachedRead<T>> | undefined);
  if (hit || inFlight) lookups.hits += 1;
  else lookups.misses += 1;
  if (hit) return Promise.resolve(hit);
  if (inFlight) return inFlight;
  const madeAt = state.stockSeq;
  const computing: Promise<CachedRead<T>> = compute(state.today)
    .then((value) => {
      if (state.retired || (opts.keep && !opts.keep(value))) return answerOnly(value);
      // Kept from its second ask on (lib/byte-cache.ts): a one-off question is answered and forgotten.
      const entry = makeEntry(value, ++entrySerial, productIdsIn(value), madeAt);
      if (opts.bytes) weights.set(entry, opts.bytes as (value: unknown) => number);
      return state.entries.set(key, entry, opts.keepFirst) ? entry : answerOnly(value);
    })
    .finally(() => {
      if (state.pending.get(key) === computing) state.pending.delete(key);
    });
  state.pending.set(key, computing);
  return computing;
}

/** Answers `key` from the cache, or computes it (once, even under concurrent requests) for today's date. */
export async function cachedRead<T>(
  db: DB,
  key: string,
  compute: (today: string) => Promise<T>,
  opts: ReadOptions<T> = {},
): Promise<CachedRead<T>> {
  return readIn(await freshState(db), key, compute, opts);
}

/**
 * The catalogue's state as one string (versions, stock moves and shop date): documents built from the catalogue
 * are keyed by it (feeds and the all-products answer show stock; built-files.ts paces their rebuilds).
 */
export async function catalogStamp(db: DB): Promise<string> {
  const state = await freshState(db);
  return `${state.processVersion}.${state.dbVersion}.${state.stockSeq}.${state.today}`;
}
