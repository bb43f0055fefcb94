// How much each in-memory cache of answers may hold, and for how long (decision 201). Every cache an anonymous URL
// can add to is a byte-cache.ts cache: least recently used first out once its bytes pass the bound, and entries
// nobody asked for in `idleMs` dropped. Changed with CACHE_CATALOG_BYTES, CACHE_FAST_LANE_BYTES, CACHE_PAGES_BYTES
// and CACHE_IDLE_SECONDS (config.ts); the byte defaults total 40 MiB.

export interface CacheBudget {
  /** The catalogue read cache (catalog.service cachedRead): DTOs with their JSON, gzip and tRPC texts, page heads. */
  catalogBytes: number;
  /** The fast lane's batched tRPC answers (catalog.fast-lane.ts), plain and gzipped. */
  fastLaneBytes: number;
  /** Finished HTML pages with their gzip (server-render.ts, used by spa.ts). */
  pageBytes: number;
  /** An entry nobody asked for in this long is dropped. */
  idleMs: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_CACHE_BUDGET: CacheBudget = {
  catalogBytes: 24 * MiB,
  fastLaneBytes: 4 * MiB,
  pageBytes: 12 * MiB,
  idleMs: 10 * 60_000,
};

/** The configured budget with defaults for what is not set. */
export const cacheBudget = (configured: Partial<CacheBudget> | undefined): CacheBudget => ({
  catalogBytes: configured?.catalogBytes ?? DEFAULT_CACHE_BUDGET.catalogBytes,
  fastLaneBytes: configured?.fastLaneBytes ?? DEFAULT_CACHE_BUDGET.fastLaneBytes,
  pageBytes: configured?.pageBytes ?? DEFAULT_CACHE_BUDGET.pageBytes,
  idleMs: configured?.idleMs ?? DEFAULT_CACHE_BUDGET.idleMs,
});
