// The e-mail change link's token (decision 259): `<change id>.<expiry, Unix seconds>.<HMAC-SHA256>` over the change's
// id, its account, the account's e-mail when the link was minted, the new e-mail and the expiry, keyed by the key
// derived from the shop's secret for this one purpose (keys.ts, decision 236). Stateless: the link is minted only
// when its e-mail is sent (decision 207), so no outbox row, database row or backup holds it; a copy of the database
// gives everything the MAC covers but not its key. Binding the current e-mail makes a link die once the address
// changed by any road; the change's row going (confirmed, replaced, cancelled) makes it single use.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '#server/config';

type KeyConfig = Pick<AppConfig, 'keys'>;

/** What a link stands for: the change asked for, and the account's e-mail it changes. */
export interface EmailChangeFacts {
  changeId: number;
  userId: number;
  currentEmail: string;
  newEmail: string;
}

/** The one place this token's key is read. */
const keyOf = (config: KeyConfig) => config.keys.emailChange;

const fold = (email: string) => email.trim().toLowerCase();

const macOf = (config: KeyConfig, f: EmailChangeFacts, expires: number) =>
  createHmac('sha256', keyOf(config))
    .update(`email-change:${f.changeId}:${f.userId}:${fold(f.currentEmail)}:${fold(f.newEmail)}:${expires}`)
    .digest('base64url');

/** A link token for this change, valid until `expiresAt`. */
export function emailChangeToken(config: KeyConfig, facts: EmailChangeFacts, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${facts.changeId}.${expires}.${macOf(config, facts, expires)}`;
}

export interface EmailChangeClaim {
  changeId: number;
  /** Unix seconds, as signed. */
  expires: number;
  mac: string;
}

/** What a token claims (not yet checked), or null when it is not shaped like one of ours. */
export function claimOfEmailChangeToken(token: string): EmailChangeClaim | null {
  const m = /^([1-9]\d{0,9})\.([1-9]\d{0,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const changeId = Number(m[1]);
  if (changeId > 2_147_483_647) return null;
  return { changeId, expires: Number(m[2]), mac: m[3]! };
}

/** Whether the shop signed this claim for these facts (the expiry is checked by the caller). */
export function signedForChange(config: KeyConfig, claim: EmailChangeClaim, facts: EmailChangeFacts): boolean {
  if (claim.changeId !== facts.changeId) return false;
  const given = Buffer.from(claim.mac);
  const wanted = Buffer.from(macOf(config, facts, claim.expires));
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
