// The account's cap on wrong second-factor codes at sign-in (issue 33, decision 238). The login throttle (decision
// 122/225) counts per (e-mail, address) and per address, so many addresses could each guess a few codes; this counts
// per account, from anywhere: SECOND_FACTOR_CAP.wrongCodes in a window, then every code for the account is a 429
// until the window ends, and the owner is told once per window (an e-mail and an entry in the sign-in history).
// Counters live in the database (rate_limit_counters), shared by every process.
import { formatShopDateTime } from '#shared/dates';
import { fill } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import type { DB } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { SECOND_FACTOR_CAP } from '#server/http/limits';
import { retryAfterSeconds, tooManyRequests } from '#server/http/rate-limit';
import { RateLimiterKysely, RateLimiterRes } from '#server/http/rate-limit-store';
import { enqueueMail, notifyMailQueued, secondFactorLockedMail } from '../outbox';
import { recordSignIn } from './sign-ins';

export type SecondFactorCapRules = { [K in keyof typeof SECOND_FACTOR_CAP]: number };

export class SecondFactorCap {
  /** One point per code checked; a right code gives its point back, so only wrong ones stay. */
  private readonly codes: RateLimiterKysely;
  /** Taken once when the allowance is used up, for the rest of that window: the owner is told once. */
  private readonly notices: RateLimiterKysely;

  constructor(
    db: DB,
    private readonly rules: SecondFactorCapRules = SECOND_FACTOR_CAP,
  ) {
    this.codes = new RateLimiterKysely({
      db,
      keyPrefix: 'login:2fa:account',
      points: rules.wrongCodes,
      duration: rules.windowSeconds,
    });
    this.notices = new RateLimiterKysely({
      db,
      keyPrefix: 'login:2fa:notice',
      points: 1,
      duration: rules.windowSeconds,
    });
  }

  /**
   * Before a code is checked: takes one of the account's guesses (atomically, so a parallel burst cannot check more
   * than the allowance) and answers which one it was; a 429 with Retry-After (the window's rest) when none is left.
   */
  async begin(userId: number): Promise<number> {
    try {
      return (await this.codes.consume(String(userId))).consumedPoints;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const seconds = retryAfterSeconds(err);
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      throw tooManyRequests(seconds, fill(accountMessages.secondFactor.accountLocked, { minutes }));
    }
  }

  /** The code was right, or was never checked (another limit refused it): its guess is given back. */
  async giveBack(userId: number): Promise<void> {
    await this.codes.reward(String(userId));
  }

  /**
   * A wrong code that was guess number `taken`: when it used up the allowance, the moment the owner must be told,
   * once per window (the notice's window ends with the counter's). Answers the end of the lock, or null.
   */
  async failed(userId: number, taken: number): Promise<Date | null> {
    if (taken < this.rules.wrongCodes) return null;
    const counter = await this.codes.get(String(userId));
    const msLeft = counter && counter.msBeforeNext > 0 ? counter.msBeforeNext : this.rules.windowSeconds * 1000;
    try {
      await this.notices.consume(String(userId), 1, { customDuration: Math.max(1, Math.ceil(msLeft / 1000)) });
    } catch (err) {
      if (err instanceof RateLimiterRes) return null;
      throw err;
    }
    return new Date(Date.now() + msLeft);
  }
}

const caps = new WeakMap<DB, SecondFactorCap>();

/** One cap per database (its counters are rows there). */
export function secondFactorCapFor(deps: Pick<AppDeps, 'db'>): SecondFactorCap {
  let c = caps.get(deps.db);
  if (!c) caps.set(deps.db, (c = new SecondFactorCap(deps.db)));
  return c;
}

/**
 * The owner is told the second step is locked: an entry in the sign-in history and an e-mail (what happened, until
 * when, the last address, a link to the profile's security; no code or token), in one transaction.
 */
export async function secondFactorLocked(
  deps: Pick<AppDeps, 'db'>,
  user: { user_id: number; email: string; first_name: string | null },
  client: { ip: string; userAgent?: string | null },
  until: Date,
  now: Date = new Date(),
): Promise<void> {
  const mail = secondFactorLockedMail({
    firstName: user.first_name ?? '',
    count: SECOND_FACTOR_CAP.wrongCodes,
    when: formatShopDateTime(now.toISOString()),
    until: formatShopDateTime(until.toISOString()),
    address: client.ip || accountMessages.sessions.unknownAddress,
  });
  await deps.db.transaction().execute(async (trx) => {
    await recordSignIn(
      trx,
      { userId: user.user_id, ok: false, method: 'totp_locked', ip: client.ip, userAgent: client.userAgent },
      now,
    );
    await enqueueMail(trx, { kind: 'second_factor_locked', to: user.email, ...mail }, now);
  });
  notifyMailQueued();
}

/**
 * A second-factor code checked under the account's cap: counted before `check` runs (429 when the allowance is
 * spent), given back when right or when `check` throws (another limit's 429), and the owner told when a wrong one
 * used up the allowance.
 */
export async function cappedCodeCheck<T>(
  deps: Pick<AppDeps, 'db'>,
  user: { user_id: number; email: string; first_name: string | null },
  client: { ip: string; userAgent?: string | null },
  check: () => Promise<T>,
  passed: (outcome: T) => boolean,
): Promise<T> {
  const cap = secondFactorCapFor(deps);
  const taken = await cap.begin(user.user_id);
  let outcome: T;
  try {
    outcome = await check();
  } catch (err) {
    await cap.giveBack(user.user_id);
    throw err;
  }
  if (passed(outcome)) {
    await cap.giveBack(user.user_id);
    return outcome;
  }
  const until = await cap.failed(user.user_id, taken);
  if (until) await secondFactorLocked(deps, user, client, until);
  return outcome;
}
