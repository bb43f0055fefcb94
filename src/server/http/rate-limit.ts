// Applies the limits table at the doors: one counted point per call, 429 + Retry-After when an address is over.
import { serverErrorMessages } from '#shared/messages/server-errors';
import { RateLimiterRes } from './rate-limit-store';
import type { AppDeps } from '../deps';
import type { DB } from '../db/client';
import { AppError } from '../errors';
import { DEFAULT_LIMITS, type LimitName } from './limits';
import { RateLimiterKysely } from './rate-limit-store';

/**
 * The key of a client address. IPv6 clients usually hold a whole /64, so they are counted per /64;
 * IPv4 (and IPv4-mapped IPv6) per address.
 */
export function addressKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - headParts.length - tailParts.length);
  const full = [...headParts, ...Array<string>(missing).fill('0'), ...tailParts];
  return `${full
    .slice(0, 4)
    .map((p) => p.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const limiters = new WeakMap<DB, Map<LimitName, RateLimiterKysely>>();

function limiterFor(deps: Pick<AppDeps, 'db' | 'config'>, name: LimitName): RateLimiterKysely {
  let byName = limiters.get(deps.db);
  if (!byName) limiters.set(deps.db, (byName = new Map()));
  let limiter = byName.get(name);
  if (!limiter) {
    const rule = deps.config.rateLimits?.[name] ?? DEFAULT_LIMITS[name];
    limiter = new RateLimiterKysely({
      db: deps.db,
      keyPrefix: `rl:${name}`,
      points: rule.points,
      duration: rule.windowSeconds,
    });
    byName.set(name, limiter);
  }
  return limiter;
}

/** Seconds to announce in Retry-After for a rejection (at least 1). */
export const retryAfterSeconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

export const tooManyRequests = (seconds: number, message: string = serverErrorMessages.tooManyRequests) =>
  new AppError('TOO_MANY_REQUESTS', message, undefined, { retryAfterSeconds: seconds });

/** Counts one call of `name` for the client address; throws a 429 AppError (with retryAfterSeconds) when over. */
export async function consumeLimit(
  deps: Pick<AppDeps, 'db' | 'config'>,
  name: LimitName,
  clientIp: string,
): Promise<void> {
  try {
    await limiterFor(deps, name).consume(addressKey(clientIp));
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooManyRequests(retryAfterSeconds(err));
    throw err;
  }
}

/** Throws the 429 of `name` when the address has no calls left, without counting one (for limits that count failures only). */
export async function refuseWhenSpent(
  deps: Pick<AppDeps, 'db' | 'config'>,
  name: LimitName,
  clientIp: string,
): Promise<void> {
  const res = await limiterFor(deps, name).get(addressKey(clientIp));
  if (res && res.remainingPoints <= 0 && res.msBeforeNext > 0) throw tooManyRequests(retryAfterSeconds(res));
}
