// Login throttle on a real database with a controlled clock: pacing and lock per (e-mail, address), lock per
// address, no lock-out of the owner by strangers, parallel bursts, and counters shared between processes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '#server/errors';
import { LOGIN_THROTTLE } from '#server/http/limits';
import { createTestDeps, openSameDatabase } from '#server/testing/db';
import { LoginThrottle, type ThrottleRules } from './throttle';

const RULES: ThrottleRules = { ...LOGIN_THROTTLE, emailMaxDelayMs: 5 };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

/** One login attempt: 'ok' when it was let through to the password check, else the Retry-After seconds. */
async function attempt(th: LoginThrottle, email: string, ip: string, rightPassword = false): Promise<'ok' | number> {
  try {
    await th.begin(email, ip);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('TOO_MANY_REQUESTS');
    return Number((err as AppError).details?.retryAfterSeconds);
  }
  if (rightPassword) await th.succeeded(email, ip);
  else await th.failed(email);
  return 'ok';
}

async function throttle(rules = RULES) {
  const deps = await createTestDeps();
  return { deps, th: new LoginThrottle(deps.db, rules) };
}

describe('LoginThrottle', () => {
  it('per (e-mail, address): 5 free failures, then one attempt per 1, 2, 4, 8, 16 s, then a 15-minute lock of that pair', async () => {
    const { th } = await throttle();
    for (let i = 0; i < 4; i++) expect(await attempt(th, 'a@b.co', '1.1.1.1')).toBe('ok');
    const pauses: number[] = [];
    for (let i = 0; i < 5; i++) {
      expect(await attempt(th, 'A@B.CO', '1.1.1.1')).toBe('ok');
      const wait = await attempt(th, 'a@b.co', '1.1.1.1');
      expect(typeof wait).toBe('number');
      pauses.push(wait as number);
      advance(wait as number);
    }
    expect(pauses).toEqual([1, 2, 4, 8, 16]);
    expect(await attempt(th, 'a@b.co', '1.1.1.1')).toBe('ok'); // the 10th failure
    advance(60);
    const lock = await attempt(th, 'a@b.co', '1.1.1.1');
    expect(lock).toBeGreaterThanOrEqual(14 * 60);
    expect(lock).toBeLessThanOrEqual(15 * 60);
    // The same e-mail from another address is not refused, not even after the lock.
    expect(await attempt(th, 'a@b.co', '2.2.2.2', true)).toBe('ok');
    advance(15 * 60 + 1);
    expect(await attempt(th, 'a@b.co', '1.1.1.1', true)).toBe('ok');
  });

  it('a stranger failing from many addresses never refuses the right password from an address that has not failed', async () => {
    const { th } = await throttle();
    for (let addr = 0; addr < 12; addr++) {
      for (let i = 0; i < 12; i++) {
        await attempt(th, 'victim@b.co', `6.6.${addr}.1`);
        advance(31);
      }
    }
    expect(await attempt(th, 'victim@b.co', '6.6.11.1')).toBeGreaterThan(0); // the stranger's latest pair is locked
    const started = performance.now();
    expect(await attempt(th, 'victim@b.co', '7.7.7.7', true)).toBe('ok'); // the owner, elsewhere
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('locks one address spraying many e-mails, leaving other addresses alone', async () => {
    const { th } = await throttle();
    for (let i = 0; i < LOGIN_THROTTLE.addressLockAfter; i++)
      expect(await attempt(th, `user${i}@b.co`, '6.6.6.6')).toBe('ok');
    expect(await attempt(th, 'fresh@b.co', '6.6.6.6')).toBeGreaterThanOrEqual(14 * 60);
    expect(await attempt(th, 'fresh@b.co', '7.7.7.7', true)).toBe('ok');
  });

  it('counts attempts before the password check, so a parallel burst from one pair cannot all pass', async () => {
    const { th } = await throttle();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        th.begin('a@b.co', '1.1.1.1').then(
          () => 'ok',
          () => 'refused',
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(LOGIN_THROTTLE.pairFreeFailures);
  });

  it('a correct password clears the pair', async () => {
    const { th } = await throttle();
    for (let i = 0; i < 4; i++) await attempt(th, 'a@b.co', '1.1.1.1');
    expect(await attempt(th, 'a@b.co', '1.1.1.1', true)).toBe('ok');
    for (let i = 0; i < 4; i++) expect(await attempt(th, 'a@b.co', '1.1.1.1')).toBe('ok');
  });

  it('shares counters between processes through the database', async () => {
    const { deps, th } = await throttle();
    const otherProcess = openSameDatabase(deps.config);
    const th2 = new LoginThrottle(otherProcess, RULES);
    for (let i = 0; i < 5; i++) expect(await attempt(i % 2 ? th : th2, 'a@b.co', '1.1.1.1')).toBe('ok');
    expect(await attempt(th2, 'a@b.co', '1.1.1.1')).toBe(1);
    await otherProcess.destroy();
  });
});
