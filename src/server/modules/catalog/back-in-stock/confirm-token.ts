// The confirmation link's token (decision 239): `<address id>.<expiry, Unix seconds>.<HMAC-SHA256>` over the id, the
// address's e-mail and the expiry, keyed by the key derived from the shop's secret for this one purpose (keys.ts,
// decision 236), so it confirms nothing but that address's pending requests and until it expires.
// Stateless: nothing usable is stored; the link is minted only when its e-mail is sent (decision 207), so the outbox
// row holds a placeholder. Binding the e-mail keeps a token from confirming another address that a reused id names.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '#server/config';

type KeyConfig = Pick<AppConfig, 'keys'>;

/** The one place this token's key is read. */
const keyOf = (config: KeyConfig) => config.keys.backInStockConfirm;

const macOf = (config: KeyConfig, addressId: number, email: string, expires: number) =>
  createHmac('sha256', keyOf(config)).update(`confirm:${addressId}:${email}:${expires}`).digest('base64url');

export interface ConfirmAddress {
  addressId: number;
  email: string;
}

/** A link token for this address valid until `expiresAt`. */
export function confirmToken(config: KeyConfig, address: ConfirmAddress, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${address.addressId}.${expires}.${macOf(config, address.addressId, address.email, expires)}`;
}

export interface ConfirmClaim {
  addressId: number;
  /** Unix seconds, as signed. */
  expires: number;
  mac: string;
}

/** What a token claims (not yet checked), or null when it is not shaped like one of ours. */
export function claimOfToken(token: string): ConfirmClaim | null {
  const m = /^([1-9]\d{0,9})\.([1-9]\d{0,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const addressId = Number(m[1]);
  if (addressId > 2_147_483_647) return null;
  return { addressId, expires: Number(m[2]), mac: m[3]! };
}

/** Whether the shop signed this claim for this address (the expiry is checked by the caller). */
export function signedFor(config: KeyConfig, claim: ConfirmClaim, email: string): boolean {
  const given = Buffer.from(claim.mac);
  const wanted = Buffer.from(macOf(config, claim.addressId, email, claim.expires));
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
