// Self-service e-mail change (issue 35, decision 259). The e-mail is the sign-in name and where reset links go, so a
// change keeps access to the account: it needs the current password (the carried proof, behind the login throttle)
// and takes effect only when the NEW address opens the link e-mailed to it and taps "Konfirmo adresën" (a POST, so a
// mail scanner confirms nothing). The link is a MAC minted when its e-mail is sent (email-change-token.ts), so no
// outbox row, database row or backup holds one. The old address is told when the change is asked for and when it
// takes effect. The answer to the request is the same whether or not the new address already has an account (that
// address is told so, with no link); the confirmation of an address taken meanwhile is a 409.
import { fill } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { pages } from '#shared/pages';
import type { EmailChangedDto } from '#shared/dto/accounts';
import type { ConfirmEmailChangeInput, RequestEmailChangeInput } from '#shared/schemas/accounts';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { isUniqueViolation } from '#server/db/errors';
import { AppError } from '#server/errors';
import { EMAIL_CHANGE } from '#server/http/limits';
import { retryAfterSeconds, tooManyRequests } from '#server/http/rate-limit';
import { RateLimiterKysely, RateLimiterRes } from '#server/http/rate-limit-store';
import {
  emailChangeConfirmMail,
  emailChangeTakenMail,
  enqueueMail,
  linkBase,
  notifyMailQueued,
  registerSecretLink,
  SECRET_LINK,
} from '../outbox';
import { queueAccountNotice } from './account-notices';
import { findUserById, revokeUserFamiliesExcept, updateUserEmail } from './accounts.queries';
import { checkCurrentPassword } from './accounts.service';
import { claimOfEmailChangeToken, emailChangeToken, signedForChange } from './email-change-token';
import * as q from './email-change.queries';
import { retireUserResetTokens } from './password-reset.queries';
import { recordProof } from './sessions';
import type { Actor } from './tokens';
import { emailUsedByOther } from './users-admin.queries';

/** The outbox kinds: the new address's link, and the note to an address that already has an account. */
export const EMAIL_CHANGE_KIND = 'email_change_confirm';
const EMAIL_TAKEN_KIND = 'email_change_taken';

const HOUR_MS = 3_600_000;
const m = accountMessages.emailChange;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

// The link of change `ref`, minted as its e-mail is sent, bound to the account's e-mail at this moment and valid until
// the change's expiry; null (the e-mail is failed, not sent) when the change no longer waits or has lapsed.
registerSecretLink(EMAIL_CHANGE_KIND, async (deps, ref, now) => {
  const change = await q.findEmailChange(deps.db, ref);
  if (!change || Date.parse(change.expires_at) <= now.getTime()) return null;
  const user = await findUserById(deps.db, change.user_id);
  if (!user) return null;
  const facts = { changeId: ref, userId: user.user_id, currentEmail: user.email, newEmail: change.new_email };
  const token = emailChangeToken(deps.config, facts, new Date(change.expires_at));
  return `${linkBase(deps.config)}${pages.emailChangeConfirm.path}?token=${token}`;
});

const limiters = new WeakMap<DB, RateLimiterKysely>();
function accountLimiter(db: DB): RateLimiterKysely {
  let l = limiters.get(db);
  if (!l)
    limiters.set(
      db,
      (l = new RateLimiterKysely({
        db,
        keyPrefix: 'rl:emailChange',
        points: EMAIL_CHANGE.requestsPerHour,
        duration: 3600,
      })),
    );
  return l;
}

/** Each request e-mails two addresses: an account may ask EMAIL_CHANGE.requestsPerHour times an hour, then 429. */
async function countRequest(db: DB, userId: number): Promise<void> {
  try {
    await accountLimiter(db).consume(`user:${userId}`);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooManyRequests(retryAfterSeconds(err), m.tooMany);
    throw err;
  }
}

/**
 * POST /api/users/profile/email: with the right current password, records the change (replacing one still waiting)
 * and queues, in one transaction, the link to the new address (or, when that address has an account, a note without
 * one) and the notice to the current address. The answer is the same either way; nothing changes yet.
 */
export async function requestEmailChange(
  deps: AppDeps,
  actor: Actor,
  input: RequestEmailChangeInput,
  clientIp: string,
  now = new Date(),
): Promise<{ Message: string }> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED', accountMessages.account.refreshFailed);
  await checkCurrentPassword(deps, user, input.currentPassword, clientIp);
  if (sameAddress(user.email, input.email)) throw new AppError('BAD_REQUEST', m.sameEmail, { email: [m.sameEmail] });
  await countRequest(deps.db, user.user_id);
  const taken = await emailUsedByOther(deps.db, input.email, user.user_id);
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE.validHours * HOUR_MS);
  await deps.db.transaction().execute(async (trx) => {
    // Lapsed changes are kept a window longer, so their link still answers "expired" rather than "not valid".
    await q.dropLapsedEmailChanges(trx, new Date(now.getTime() - EMAIL_CHANGE.validHours * HOUR_MS).toISOString());
    await q.dropEmailChangesOf(trx, user.user_id);
    const changeId = await q.insertEmailChange(trx, {
      userId: user.user_id,
      newEmail: input.email,
      familyId: actor.familyId ?? null,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    // The current password was the owner's proof on this login (decision 237).
    await recordProof(trx, actor, now);
    await queueAccountNotice(trx, deps, user.user_id, 'account_email_change_requested', { now });
    const mail = taken
      ? { kind: EMAIL_TAKEN_KIND, to: input.email, ...emailChangeTakenMail() }
      : {
          kind: EMAIL_CHANGE_KIND,
          to: input.email,
          ...emailChangeConfirmMail(SECRET_LINK, EMAIL_CHANGE.validHours),
          secret: { kind: EMAIL_CHANGE_KIND, ref: changeId },
        };
    await enqueueMail(trx, mail, now);
  });
  notifyMailQueued();
  return { Message: fill(accountMessages.profile.emailChangeSent, { email: input.email }) };
}

const badLink = () => new AppError('BAD_REQUEST', m.badLink, { token: [m.badLink] });
const emailTaken = () =>
  new AppError('CONFLICT', accountMessages.account.emailTaken, { email: [accountMessages.account.emailTaken] });

/**
 * POST /api/users/profile/email/confirm (the link's page, no sign-in needed): a link the shop signed for a change
 * still waiting, on the account's e-mail as it is now, before its expiry, makes the new address the account's e-mail.
 * Then every other login of the account ends (the one that asked stays), the reset links sent to the old address stop
 * working, and the old address is told. A forged, altered, reused or superseded link is a 400, a lapsed one a 400 of
 * its own, an address that got an account meanwhile a 409.
 */
export async function confirmEmailChange(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: ConfirmEmailChangeInput,
  now = new Date(),
): Promise<EmailChangedDto> {
  const claim = claimOfEmailChangeToken(input.token);
  const change = claim ? await q.findEmailChange(deps.db, claim.changeId) : undefined;
  const user = change ? await findUserById(deps.db, change.user_id) : undefined;
  if (!claim || !change || !user) throw badLink();
  const facts = {
    changeId: change.email_change_id,
    userId: user.user_id,
    currentEmail: user.email,
    newEmail: change.new_email,
  };
  if (!signedForChange(deps.config, claim, facts)) throw badLink();
  if (claim.expires * 1000 <= now.getTime() || Date.parse(change.expires_at) <= now.getTime())
    throw new AppError('BAD_REQUEST', m.expiredLink, { token: [m.expiredLink] });
  const nowIso = now.toISOString();
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (await emailUsedByOther(trx, change.new_email, user.user_id)) throw emailTaken();
      // Guarded: of two uses racing, one wins; the other is told the link is used.
      if (!(await q.takeEmailChange(trx, change.email_change_id))) throw badLink();
      await q.dropEmailChangesOf(trx, user.user_id);
      await updateUserEmail(trx, user.user_id, change.new_email);
      await revokeUserFamiliesExcept(trx, user.user_id, change.family_id, nowIso);
      await retireUserResetTokens(trx, user.user_id, nowIso);
      await queueAccountNotice(trx, deps, user.user_id, 'account_email_changed', { to: user.email, now });
    });
  } catch (err) {
    // A sign-up racing for the same address: the NOCASE unique index decides.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  notifyMailQueued();
  return { email: change.new_email };
}
