// The answer caches' building block and its configuration (decision 201): bounded in bytes, a key kept from its
// second ask, idle entries dropped; CACHE_* variables validated and applied.
import { describe, expect, it } from 'vitest';
import { configFromEnv, loadEnv } from '../config';
import { ByteCache } from './byte-cache';
import { cacheBudget, DEFAULT_CACHE_BUDGET } from './cache-budget';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ByteCache', () => {
  it('keeps a key from its second ask, and evicts the least recently used once the bytes pass the bound', () => {
    const cache = new ByteCache<string>({ maxBytes: 1000, idleMs: 60_000, bytes: (v) => v.length });
    expect(cache.set('a', 'x'.repeat(300))).toBe(false); // first ask: answered, not kept
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('a', 'x'.repeat(300))).toBe(true);
    expect(cache.set('b', 'y'.repeat(300))).toBe(false);
    expect(cache.set('b', 'y'.repeat(300))).toBe(true);
    cache.get('a'); // a is now the most recently used
    for (const k of ['c', 'c', 'd', 'd']) cache.set(k, 'z'.repeat(300));
    expect(cache.stats()).toEqual({ entries: 3, bytes: 900, maxBytes: 1000 });
    expect(cache.get('b')).toBeUndefined(); // b went first
    expect(cache.get('a')).toBeDefined();
  });

  it('never keeps an entry larger than the whole bound, and remembers asked keys across clear()', () => {
    const cache = new ByteCache<string>({ maxBytes: 100, idleMs: 60_000, bytes: (v) => v.length });
    cache.set('big', 'x'.repeat(101));
    expect(cache.set('big', 'x'.repeat(101))).toBe(false);
    cache.set('k', 'v');
    cache.clear();
    expect(cache.set('k', 'v')).toBe(true);
    expect(cache.stats().entries).toBe(1);
  });

  it('keeps on the first ask when told to', () => {
    const cache = new ByteCache<string>({ maxBytes: 100, idleMs: 60_000, keepFirst: true, bytes: (v) => v.length });
    expect(cache.set('k', 'v')).toBe(true);
    expect(cache.get('k')).toBe('v');
  });

  it('drops entries nobody asked for within the idle time, so memory is given back when traffic stops', async () => {
    const cache = new ByteCache<string>({ maxBytes: 1000, idleMs: 1500, keepFirst: true, bytes: (v) => v.length });
    cache.set('idle', 'x');
    cache.set('used', 'y');
    // Staleness is judged to the second (ttlResolution): `used` is asked for every 300 ms, `idle` never.
    for (let i = 0; i < 10; i++) {
      await sleep(300);
      expect(cache.get('used')).toBe('y');
    }
    cache.purgeIdle();
    expect(cache.get('idle')).toBeUndefined();
    expect(cache.stats().entries).toBe(1);
  });
});

describe('CACHE_* configuration', () => {
  const config = (env: Record<string, string>) => configFromEnv(loadEnv(env), 'x'.repeat(40));

  it('defaults to a few tens of MiB in all, and reads each bound and the idle time', () => {
    expect(cacheBudget(config({}).cacheBudget)).toEqual(DEFAULT_CACHE_BUDGET);
    const total =
      DEFAULT_CACHE_BUDGET.catalogBytes + DEFAULT_CACHE_BUDGET.fastLaneBytes + DEFAULT_CACHE_BUDGET.pageBytes;
    expect(total).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    expect(total).toBeLessThanOrEqual(64 * 1024 * 1024);
    const set = config({
      CACHE_CATALOG_BYTES: '8388608',
      CACHE_FAST_LANE_BYTES: '1048576',
      CACHE_PAGES_BYTES: '2097152',
      CACHE_IDLE_SECONDS: '120',
    });
    expect(cacheBudget(set.cacheBudget)).toEqual({
      catalogBytes: 8388608,
      fastLaneBytes: 1048576,
      pageBytes: 2097152,
      idleMs: 120_000,
    });
  });

  it('refuses values that are not whole bytes within bounds, naming the variable', () => {
    for (const [name, value] of [
      ['CACHE_CATALOG_BYTES', '24MB'],
      ['CACHE_CATALOG_BYTES', '1000'],
      ['CACHE_FAST_LANE_BYTES', '-1'],
      ['CACHE_PAGES_BYTES', '1e9'],
      ['CACHE_PAGES_BYTES', '99999999999'],
      ['CACHE_IDLE_SECONDS', '0'],
      ['CACHE_IDLE_SECONDS', 'soon'],
    ]) {
      expect(() => loadEnv({ [name!]: value! }), `${name}=${value}`).toThrow(name);
    }
  });
});
