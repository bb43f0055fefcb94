// Login throttling: failures per e-mail and per client address first slow attempts down, then refuse them for a while.
// In memory per process (one Node process serves the shop); see docs/decisions/031-login-throttling.md.
import { fill, messages } from '../../../shared/messages';
import { AppError } from '../../errors';

export interface ThrottleRule {
  /** Failures allowed before attempts are spaced out. */
  freeFailures: number;
  /** Failures after which attempts are refused for lockMs. */
  lockAfter: number;
  lockMs: number;
  /** Upper bound of the growing pause between attempts (ms). */
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}

export const EMAIL_RULE: ThrottleRule = { freeFailures: 5, lockAfter: 10, lockMs: 15 * 60_000, maxDelayMs: 30_000, windowMs: 15 * 60_000 };
// Addresses are shared (mobile carriers, offices), so they get more room than a single account.
export const IP_RULE: ThrottleRule = { freeFailures: 20, lockAfter: 50, lockMs: 15 * 60_000, maxDelayMs: 30_000, windowMs: 15 * 60_000 };

interface Entry {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

const MAX_ENTRIES = 50_000;

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly rules: { email: ThrottleRule; ip: ThrottleRule } = { email: EMAIL_RULE, ip: IP_RULE },
  ) {}

  private live(key: string, rule: ThrottleRule): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    const t = this.now();
    if (e.lockedUntil > t) return e;
    if (t - e.lastFailure > rule.windowMs || (e.lockedUntil && e.lockedUntil <= t)) {
      // A finished lock starts over, so a real customer is never kept out longer than one lock.
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  /** Milliseconds the caller still has to wait for this key, 0 when an attempt is allowed now. */
  private waitMs(key: string, rule: ThrottleRule): number {
    const e = this.live(key, rule);
    if (!e) return 0;
    const t = this.now();
    if (e.lockedUntil > t) return e.lockedUntil - t;
    if (e.failures < rule.freeFailures) return 0;
    const delay = Math.min(rule.maxDelayMs, 1000 * 2 ** (e.failures - rule.freeFailures));
    return Math.max(0, e.lastFailure + delay - t);
  }

  /** Throws 429 when this e-mail or address has to wait; call before checking the password. */
  check(email: string, ip: string): void {
    const wait = Math.max(this.waitMs(`e:${email.toLowerCase()}`, this.rules.email), this.waitMs(`i:${ip}`, this.rules.ip));
    if (wait <= 0) return;
    const seconds = Math.ceil(wait / 1000);
    const message =
      seconds > 90 ? fill(messages.account.tooManyAttempts, { minutes: Math.ceil(seconds / 60) }) : fill(messages.account.tryAgainSoon, { seconds });
    throw new AppError('TOO_MANY_REQUESTS', message, undefined, { retryAfterSeconds: seconds });
  }

  private bump(key: string, rule: ThrottleRule): void {
    const t = this.now();
    const e = this.live(key, rule) ?? { failures: 0, lastFailure: t, lockedUntil: 0 };
    e.failures += 1;
    e.lastFailure = t;
    if (e.failures >= rule.lockAfter) e.lockedUntil = t + rule.lockMs;
    this.entries.delete(key);
    this.entries.set(key, e);
    if (this.entries.size > MAX_ENTRIES) {
      // Oldest-first eviction (Map keeps insertion order) bounds memory under a spray of addresses.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /**
   * Checks, then counts the attempt as a failure before the password is verified, so a burst of parallel
   * guesses cannot all slip through the check; a correct password takes it back with succeeded().
   */
  begin(email: string, ip: string): void {
    this.check(email, ip);
    this.bump(`e:${email.toLowerCase()}`, this.rules.email);
    this.bump(`i:${ip}`, this.rules.ip);
  }

  /** A correct password clears the account's counter and takes back this attempt from the address's. */
  succeeded(email: string, ip: string): void {
    this.entries.delete(`e:${email.toLowerCase()}`);
    const e = this.entries.get(`i:${ip}`);
    if (e && e.failures > 0) e.failures -= 1;
  }
}

const throttles = new WeakMap<object, LoginThrottle>();

/** One throttle per app instance (keyed by its database), so tests and apps do not share counters. */
export function loginThrottleFor(db: object): LoginThrottle {
  let t = throttles.get(db);
  if (!t) {
    t = new LoginThrottle();
    throttles.set(db, t);
  }
  return t;
}
