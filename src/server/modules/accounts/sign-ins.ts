// The sign-in history (issue 28, decision 227): every sign-in attempt on an existing account, success or failure,
// with its method, client address and user agent; the newest SIGN_INS_KEPT per account are kept, the last
// SIGN_INS_SHOWN are shown. A successful sign-in from a device (browser + operating system) the account never signed
// in from before queues an e-mail to the account in the same transaction as the record; the very first successful
// sign-in of an account (sign-up included) is its first device and mails nothing.
import { formatShopDateTime } from '#shared/dates';
import type { SignInDto, SignInMethod } from '#shared/dto/accounts';
import { accountMessages } from '#shared/messages/account';
import type { DB } from '#server/db/client';
import { enqueueMail, newDeviceMail, notifyMailQueued } from '../outbox';
import { findUserByEmail, findUserById } from './accounts.queries';
import { deviceKey, deviceLabel, storedUserAgent } from './devices';
import * as q from './sessions.queries';

export const SIGN_INS_KEPT = 50;
export const SIGN_INS_SHOWN = 10;

/** One sign-in attempt: the account by id or by the e-mail typed (an unknown e-mail records nothing). */
export interface SignInAttempt {
  userId?: number;
  email?: string;
  ok: boolean;
  ip?: string | null;
  userAgent?: string | null;
  method: SignInMethod;
}

const storedIp = (ip: string | null | undefined) => (ip ? ip.slice(0, 64) : null);

async function recordIn(trx: DB, attempt: SignInAttempt, now: Date): Promise<boolean> {
  const user =
    attempt.userId !== undefined
      ? await findUserById(trx, attempt.userId)
      : attempt.email
        ? await findUserByEmail(trx, attempt.email)
        : undefined;
  if (!user) return false;
  const userAgent = storedUserAgent(attempt.userAgent);
  const key = deviceKey(userAgent);
  const ip = storedIp(attempt.ip);
  let mailed = false;
  if (attempt.ok) {
    const earlier = await q.earlierSuccesses(trx, user.user_id, key);
    if (earlier.any && !earlier.sameDevice) {
      const mail = newDeviceMail({
        firstName: user.first_name ?? '',
        device: deviceLabel(userAgent),
        address: ip ?? accountMessages.sessions.unknownAddress,
        when: formatShopDateTime(now.toISOString()),
      });
      await enqueueMail(trx, { kind: 'new_device_sign_in', to: user.email, ...mail }, now);
      mailed = true;
    }
  }
  const nowIso = now.toISOString();
  await q.insertSignIn(trx, {
    userId: user.user_id,
    ok: attempt.ok,
    method: attempt.method,
    ip,
    userAgent,
    deviceKey: key,
    nowIso,
  });
  await q.pruneSignIns(trx, user.user_id, SIGN_INS_KEPT);
  return mailed;
}

/**
 * Records a sign-in attempt (login paths call it on success and on failure). Given a transaction, it writes in it and
 * the caller wakes the mail worker after commit when `newDeviceMail` is true (outbox `notifyMailQueued`); given the
 * database, it opens its own transaction and wakes the worker itself.
 */
export async function recordSignIn(
  db: DB,
  attempt: SignInAttempt,
  now: Date = new Date(),
): Promise<{ newDeviceMail: boolean }> {
  if (db.isTransaction) return { newDeviceMail: await recordIn(db, attempt, now) };
  const mailed = await db.transaction().execute((trx) => recordIn(trx, attempt, now));
  if (mailed) notifyMailQueued();
  return { newDeviceMail: mailed };
}

const METHODS: readonly SignInMethod[] = ['password', 'social', 'signup', 'totp', 'passkey', 'totp_locked', 'stepUp'];
const asMethod = (m: string): SignInMethod =>
  (METHODS as readonly string[]).includes(m) ? (m as SignInMethod) : 'password';

/** The last SIGN_INS_SHOWN sign-ins of a user, newest first. */
export async function lastSignIns(db: DB, userId: number): Promise<SignInDto[]> {
  const rows = await q.recentSignIns(db, userId, SIGN_INS_SHOWN);
  return rows.map((r) => ({
    id: r.sign_in_id,
    ok: Number(r.ok) === 1,
    method: asMethod(r.method),
    device: deviceLabel(r.user_agent),
    address: r.ip,
    at: r.created_at,
  }));
}
