// Login throttling that no stranger can use to lock an account (docs/decisions/122, superseding 031):
// failures per (e-mail, address) pace and then lock that pair only; failures per address lock the address;
// failures of one e-mail from anywhere only slow answers down. Counters live in the database (shared store).
import { RateLimiterRes } from '#server/http/rate-limit-store';
import { fill } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import type { DB } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { LOGIN_THROTTLE } from '#server/http/limits';
import { addressKey, retryAfterSeconds, tooManyRequests } from '#server/http/rate-limit';
import { RateLimiterKysely } from '#server/http/rate-limit-store';

export type ThrottleRules = { [K in keyof typeof LOGIN_THROTTLE]: number };

function refusal(res: RateLimiterRes) {
  const seconds = retryAfterSeconds(res);
  const message =
    seconds > 90
      ? fill(accountMessages.account.tooManyAttempts, { minutes: Math.ceil(seconds / 60) })
      : fill(accountMessages.account.tryAgainSoon, { seconds });
  return tooManyRequests(seconds, message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LoginThrottle {
  private readonly pair: RateLimiterKysely;
  private readonly pause: RateLimiterKysely;
  private readonly address: RateLimiterKysely;
  private readonly email: RateLimiterKysely;

  constructor(
    db: DB,
    private readonly rules: ThrottleRules = LOGIN_THROTTLE,
  ) {
    this.pair = new RateLimiterKysely({
      db,
      keyPrefix: 'login:pair',
      points: rules.pairLockAfter,
      duration: rules.pairWindowSeconds,
      blockDuration: rules.pairLockSeconds,
    });
    this.pause = new RateLimiterKysely({ db, keyPrefix: 'login:pause', points: 1, duration: 1 });
    this.address = new RateLimiterKysely({
      db,
      keyPrefix: 'login:addr',
      points: rules.addressLockAfter,
      duration: rules.addressWindowSeconds,
      blockDuration: rules.addressLockSeconds,
    });
    // Never refuses: only read to decide a delay, so its points are unbounded.
    this.email = new RateLimiterKysely({
      db,
      keyPrefix: 'login:email',
      points: Number.MAX_SAFE_INTEGER,
      duration: rules.emailWindowSeconds,
    });
  }

  private keys(email: string, ip: string) {
    const e = email.trim().toLowerCase();
    const a = addressKey(ip);
    return { email: e, address: a, pair: `${e}|${a}` };
  }

  /**
   * Before the password is checked: counts the attempt against the address and the (e-mail, address) pair,
   * so a burst of parallel guesses cannot all slip through; refuses (429) when the pair must pause or is
   * locked, or the address is locked. A wrong password from elsewhere never refuses this pair.
   */
  async begin(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    try {
      await this.address.consume(k.address);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw refusal(err);
      throw err;
    }
    let attempts: number;
    try {
      attempts = (await this.pair.consume(k.pair)).consumedPoints;
    } catch (err) {
      await this.address.reward(k.address);
      if (err instanceof RateLimiterRes) throw refusal(err);
      throw err;
    }
    if (attempts >= this.rules.pairFreeFailures) {
      // Past the free failures one attempt per pause: the pause key is taken atomically, so only one
      // of several parallel attempts gets through; the pause doubles with every further attempt.
      const pauseSeconds = Math.min(this.rules.maxPauseSeconds, 2 ** (attempts - this.rules.pairFreeFailures));
      try {
        await this.pause.consume(k.pair, 1, { customDuration: pauseSeconds });
      } catch (err) {
        await this.pair.reward(k.pair);
        await this.address.reward(k.address);
        if (err instanceof RateLimiterRes) throw refusal(err);
        throw err;
      }
    }
    const global = await this.email.get(k.email);
    const over = (global?.consumedPoints ?? 0) - this.rules.emailSlowAfter;
    // Many failures for this e-mail from anywhere: answer more slowly, but never refuse.
    if (over >= 0) await sleep(Math.min(this.rules.emailMaxDelayMs, 100 * (over + 1)));
  }

  /** A wrong password: also counts towards the e-mail's global slow-down. */
  async failed(email: string): Promise<void> {
    await this.email.penalty(this.keys(email, '').email);
  }

  /**
   * A correct password of an account with a second factor: this attempt is taken back from the pair and the address,
   * but their earlier failures and the e-mail's slow-down stay until the code is accepted (decision 225), so wrong
   * codes keep counting across fresh password steps.
   */
  async firstStepPassed(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    await this.pair.reward(k.pair);
    await this.address.reward(k.address);
  }

  /** A correct password clears the pair and the e-mail's slow-down, and takes back this attempt from the address. */
  async succeeded(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    await this.pair.delete(k.pair);
    await this.pause.delete(k.pair);
    await this.email.delete(k.email);
    await this.address.reward(k.address);
  }
}

const throttles = new WeakMap<DB, LoginThrottle>();

/** One throttle per database (its counters are rows there, shared by every process on that database). */
export function loginThrottleFor(deps: Pick<AppDeps, 'db'>): LoginThrottle {
  let t = throttles.get(deps.db);
  if (!t) throttles.set(deps.db, (t = new LoginThrottle(deps.db)));
  return t;
}

/**
 * One guessable check (a password, a second-factor code) behind the login throttle of the account's e-mail and the
 * caller's address: counted before it runs (429 + Retry-After when paced or locked), a failure counts like a wrong
 * password, a success clears the pair.
 */
export async function throttledCheck<T>(
  deps: Pick<AppDeps, 'db'>,
  email: string,
  clientIp: string,
  check: () => Promise<T>,
  passed: (outcome: T) => boolean = Boolean,
): Promise<T> {
  const throttle = loginThrottleFor(deps);
  await throttle.begin(email, clientIp);
  const outcome = await check();
  if (passed(outcome)) await throttle.succeeded(email, clientIp);
  else await throttle.failed(email);
  return outcome;
}
