// rate-limiter-flexible on our Kysely database (SQLite or PostgreSQL): counters shared by every process (decision 121).
import { createRequire } from 'node:module';
import type { RateLimiterRes as Res, RateLimiterStoreAbstract as StoreAbstract } from 'rate-limiter-flexible';
import type { DB } from '../db/client';
import * as q from './rate-limits.queries';

export interface KyselyLimiterOptions {
  db: DB;
  keyPrefix: string;
  points: number;
  /** Window in seconds. */
  duration: number;
  blockDuration?: number;
}

// The package's classes are loaded from their files, not from its index: the index also loads every store the
// package ships (Redis, Mongo, DynamoDB, ...), ~40 ms of the server's start-up. RateLimiterStoreAbstract (the
// documented base of custom stores) is not exported by the index at run time anyway. The index re-exports these
// same files, so `instanceof RateLimiterRes` holds whichever way a caller imported it.
const load = createRequire(import.meta.url);
const RateLimiterStoreAbstract = load('rate-limiter-flexible/lib/RateLimiterStoreAbstract.js') as typeof StoreAbstract;
export const RateLimiterRes = load('rate-limiter-flexible/lib/RateLimiterRes.js') as typeof Res;
export type RateLimiterRes = Res;

/** Expired rows are removed at most this often per database (by whichever limiter counts first after the pause). */
const CLEANUP_EVERY_MS = 60_000;
const lastCleanup = new WeakMap<DB, number>();

/**
 * A rate-limiter-flexible store whose counters live in the `rate_limit_counters` table. The library's own
 * SQLite and PostgreSQL stores take a raw driver and create their table themselves; ours goes through the
 * app's Kysely instance (one code for both engines, table created by a migration).
 */
export class RateLimiterKysely extends RateLimiterStoreAbstract {
  private readonly db: DB;

  constructor(opts: KyselyLimiterOptions) {
    super({
      storeClient: opts.db,
      keyPrefix: opts.keyPrefix,
      points: opts.points,
      duration: opts.duration,
      blockDuration: opts.blockDuration ?? 0,
    });
    this.db = opts.db;
  }

  private async cleanup(now: number): Promise<void> {
    const last = lastCleanup.get(this.db) ?? 0;
    if (now - last < CLEANUP_EVERY_MS) return;
    lastCleanup.set(this.db, now);
    await q.deleteExpired(this.db, now);
  }

  // Hooks rate-limiter-flexible's RateLimiterStoreAbstract calls (see its docs: "custom store").
  async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<q.CounterRow> {
    const now = Date.now();
    const expire = msDuration > 0 ? now + msDuration : null;
    const row = forceExpire
      ? await q.setPoints(this.db, rlKey, points, expire)
      : await q.addPoints(this.db, rlKey, points, expire, now);
    await this.cleanup(now);
    return row;
  }

  async _get(rlKey: string): Promise<q.CounterRow | null> {
    return q.findLive(this.db, rlKey, Date.now());
  }

  async _delete(rlKey: string): Promise<boolean> {
    return q.deleteKey(this.db, rlKey);
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, result: q.CounterRow): RateLimiterRes {
    const isFirstInDuration = changedPoints === result.points;
    const consumed = isFirstInDuration ? changedPoints : result.points;
    const msBeforeNext = result.expire === null ? -1 : Math.max(result.expire - Date.now(), 0);
    return new RateLimiterRes(Math.max(this.points - consumed, 0), msBeforeNext, consumed, isFirstInDuration);
  }
}
