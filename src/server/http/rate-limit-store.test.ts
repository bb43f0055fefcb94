// The Kysely store of rate-limiter-flexible: atomic counting under concurrency, windows, blocks, expired rows removed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createTestDeps } from '../testing/db';
import { addressKey } from './rate-limit';
import { RateLimiterKysely } from './rate-limit-store';

afterEach(() => vi.useRealTimers());

const rows = async (deps: Awaited<ReturnType<typeof createTestDeps>>) =>
  deps.db.selectFrom('rate_limit_counters').select(['key', 'points']).execute();

describe('RateLimiterKysely', () => {
  it('lets exactly `points` of 50 concurrent calls through and refuses the rest with the time left', async () => {
    const deps = await createTestDeps();
    const limiter = new RateLimiterKysely({ db: deps.db, keyPrefix: 't', points: 7, duration: 60 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => limiter.consume('1.2.3.4')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(RateLimiterRes);
    expect((refused.reason as RateLimiterRes).msBeforeNext).toBeGreaterThan(59_000);
  });

  it('starts a new window after the old one and removes expired rows', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const deps = await createTestDeps();
    const limiter = new RateLimiterKysely({ db: deps.db, keyPrefix: 't', points: 1, duration: 10 });
    await limiter.consume('a');
    await expect(limiter.consume('a')).rejects.toBeInstanceOf(RateLimiterRes);
    vi.setSystemTime(Date.now() + 11_000);
    expect((await limiter.consume('a')).consumedPoints).toBe(1);
    await limiter.consume('b');
    vi.setSystemTime(Date.now() + 120_000);
    await limiter.consume('c'); // more than a minute since the last clean-up: expired rows go
    expect((await rows(deps)).map((r) => r.key)).toEqual(['t:c']);
  });

  it('blocks for blockDuration once over', async () => {
    const deps = await createTestDeps();
    const limiter = new RateLimiterKysely({ db: deps.db, keyPrefix: 't', points: 1, duration: 1, blockDuration: 600 });
    await limiter.consume('a');
    const res = await limiter.consume('a').catch((e: RateLimiterRes) => e);
    expect(res.msBeforeNext).toBeGreaterThan(599_000);
  });
});

describe('addressKey', () => {
  it('keys IPv4 (and IPv4-mapped) by address and IPv6 by /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:1::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
