// Login throttle with a controlled clock: pause after 5 failures, growing pauses, a 15-minute lock after 10, and recovery.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { LoginThrottle } from './throttle';

function clock(start = 1_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}

function fail(th: LoginThrottle, email: string, ip: string) {
  th.begin(email, ip);
}

function waitOf(th: LoginThrottle, email: string, ip: string): number {
  try {
    th.check(email, ip);
    return 0;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('TOO_MANY_REQUESTS');
    return Number((err as AppError).details?.retryAfterSeconds);
  }
}

describe('LoginThrottle', () => {
  it('lets 5 failures through, then spaces attempts 1, 2, 4, 8, 16 s apart, then locks for 15 minutes', () => {
    const c = clock();
    const th = new LoginThrottle(c.now);
    for (let i = 0; i < 5; i++) fail(th, 'a@b.co', '1.1.1.1');
    const pauses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const w = waitOf(th, 'A@B.CO', '2.2.2.2');
      pauses.push(w);
      c.t += w * 1000;
      fail(th, 'a@b.co', '2.2.2.2');
    }
    expect(pauses).toEqual([1, 2, 4, 8, 16]);
    // 10 failures: locked for 15 minutes.
    expect(waitOf(th, 'a@b.co', '3.3.3.3')).toBe(900);
    expect(() => th.check('a@b.co', '3.3.3.3')).toThrow(/15 minutash/);
    c.t += 899_000;
    expect(waitOf(th, 'a@b.co', '3.3.3.3')).toBe(1);
    // After the lock a real customer starts with a clean slate.
    c.t += 1_000;
    expect(waitOf(th, 'a@b.co', '3.3.3.3')).toBe(0);
    fail(th, 'a@b.co', '3.3.3.3');
    expect(waitOf(th, 'a@b.co', '3.3.3.3')).toBe(0);
  });

  it('forgets failures after 15 quiet minutes', () => {
    const c = clock();
    const th = new LoginThrottle(c.now);
    for (let i = 0; i < 5; i++) fail(th, 'a@b.co', '1.1.1.1');
    expect(waitOf(th, 'a@b.co', '1.1.1.1')).toBe(1);
    c.t += 15 * 60_000 + 1;
    expect(waitOf(th, 'a@b.co', '1.1.1.1')).toBe(0);
  });

  it('a success clears the account counter', () => {
    const c = clock();
    const th = new LoginThrottle(c.now);
    for (let i = 0; i < 4; i++) fail(th, 'a@b.co', '1.1.1.1');
    th.begin('a@b.co', '1.1.1.1');
    th.succeeded('a@b.co', '1.1.1.1');
    fail(th, 'a@b.co', '1.1.1.1');
    expect(waitOf(th, 'a@b.co', '1.1.1.1')).toBe(0);
  });

  it('slows and then locks one address spraying many accounts, leaving other addresses alone', () => {
    const c = clock();
    const th = new LoginThrottle(c.now);
    for (let i = 0; i < 20; i++) fail(th, `user${i}@b.co`, '6.6.6.6');
    expect(waitOf(th, 'fresh@b.co', '6.6.6.6')).toBe(1);
    expect(waitOf(th, 'fresh@b.co', '7.7.7.7')).toBe(0);
    for (let i = 20; i < 50; i++) {
      c.t += 31_000;
      fail(th, `user${i}@b.co`, '6.6.6.6');
    }
    expect(waitOf(th, 'fresh@b.co', '6.6.6.6')).toBe(900);
  });

  it('counts attempts before the password check, so a parallel burst cannot all pass', () => {
    const c = clock();
    const th = new LoginThrottle(c.now);
    let passed = 0;
    for (let i = 0; i < 20; i++) {
      try {
        th.begin('a@b.co', '1.1.1.1');
        passed += 1;
      } catch {
        /* refused */
      }
    }
    expect(passed).toBe(5);
  });
});
