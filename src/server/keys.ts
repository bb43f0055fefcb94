// The server's keys (decision 236): one root secret from the environment (JWT_SECRET; in development and tests a
// key file, never the database), and from it one key per purpose by HKDF-SHA256, so a key that leaks or is misused
// for one purpose opens nothing else, and an operator still sets one variable. Every user takes its own key: access
// tokens, second-factor login challenges, the TOTP secrets at rest, signed order links, back-in-stock unsubscribe
// links. The TOTP key is derived as it was before this module (its salt and info), so stored rows still decrypt.
import { hkdfSync } from 'node:crypto';

declare const purpose: unique symbol;
/** 32 bytes derived for one purpose; the brand keeps a key of one purpose out of another's function. */
export type PurposeKey<P extends string> = Buffer & { readonly [purpose]: P };

export interface ServerKeys {
  /** HS256 key of access tokens (accounts/tokens.ts). */
  readonly accessToken: PurposeKey<'access-token'>;
  /** HS256 key of the second-factor login challenge (accounts/login-challenge.ts). */
  readonly loginChallenge: PurposeKey<'login-challenge'>;
  /** AES-256-GCM key of the TOTP secrets at rest (accounts/totp-crypto.ts). */
  readonly totp: PurposeKey<'totp'>;
  /** HMAC-SHA256 key of signed order links, e.g. the review link (outbox/signed-links.ts). */
  readonly orderLink: PurposeKey<'order-link'>;
  /** HMAC-SHA256 key of back-in-stock unsubscribe links (catalog/back-in-stock/unsubscribe-token.ts). */
  readonly unsubscribe: PurposeKey<'unsubscribe'>;
  /** HMAC-SHA256 key of back-in-stock confirmation links (catalog/back-in-stock/confirm-token.ts, decision 239). */
  readonly backInStockConfirm: PurposeKey<'back-in-stock-confirm'>;
  /** HMAC-SHA256 key of e-mail change confirmation links (accounts/email-change-token.ts, decision 259). */
  readonly emailChange: PurposeKey<'email-change'>;
  /** HMAC-SHA256 key of gift card codes: only the keyed hash is stored (gift-cards/gift-card-code.ts, decision 274). */
  readonly giftCardCode: PurposeKey<'gift-card-code'>;
  /** AES-256-GCM key of a gift card's code kept until its e-mail is sent (gift-cards/gift-card-code.ts). */
  readonly giftCardSeal: PurposeKey<'gift-card-seal'>;
}

const SALT = 'butiku-keys-v1';

function derive<P extends string>(root: string, salt: string, info: string): PurposeKey<P> {
  return Buffer.from(hkdfSync('sha256', root, salt, info, 32)) as PurposeKey<P>;
}

/** The purpose keys of a root secret (derived once, when the configuration is built). */
export function deriveKeys(rootSecret: string): ServerKeys {
  return Object.freeze({
    accessToken: derive<'access-token'>(rootSecret, SALT, 'butiku access token v1'),
    loginChallenge: derive<'login-challenge'>(rootSecret, SALT, 'butiku login challenge v1'),
    // Unchanged from decision 225's totp-crypto.ts, so the rows encrypted before decision 236 still decrypt.
    totp: derive<'totp'>(rootSecret, 'butiku-totp-salt', 'butiku totp secret v1'),
    orderLink: derive<'order-link'>(rootSecret, SALT, 'butiku order link v1'),
    unsubscribe: derive<'unsubscribe'>(rootSecret, SALT, 'butiku back-in-stock unsubscribe v1'),
    backInStockConfirm: derive<'back-in-stock-confirm'>(rootSecret, SALT, 'butiku back-in-stock confirm v1'),
    emailChange: derive<'email-change'>(rootSecret, SALT, 'butiku e-mail change confirm v1'),
    giftCardCode: derive<'gift-card-code'>(rootSecret, SALT, 'butiku gift card code v1'),
    giftCardSeal: derive<'gift-card-seal'>(rootSecret, SALT, 'butiku gift card seal v1'),
  });
}
