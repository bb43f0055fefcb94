// The WebAuthn relying party (decision 226), derived from the shop's public origin (PUBLIC_URL, else
// http://localhost:PORT): the origin a browser's answer must come from and its host name as the RP ID. WebAuthn takes
// a domain name only, never an IP address, and a secure context (https, or http on localhost). Elsewhere the passkey
// operations answer 409 and `accounts.providers` reports `passkeys: false`, so the client hides them (decision 238).
import { z } from 'zod';
import { messages } from '#shared/messages';
import type { AppConfig } from '#server/config';
import { AppError } from '#server/errors';
import { publicOrigin } from '#server/http/origin';
import { accountMessages } from '#shared/messages/account';

interface RelyingParty {
  /** The host name the credentials are bound to: butiku.shop, localhost. */
  rpID: string;
  rpName: string;
  /** The exact origin the browser must report: https://butiku.shop, http://localhost:3000. */
  origin: string;
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

const relyingPartySchema = z
  .string()
  .url()
  .transform((value, ctx) => {
    const url = new URL(value);
    const host = url.hostname;
    const secure = url.protocol === 'https:' || (url.protocol === 'http:' && host === 'localhost');
    if (!secure || IPV4.test(host) || host.startsWith('[') || (!host.includes('.') && host !== 'localhost')) {
      ctx.addIssue({ code: 'custom', message: 'passkeys need https on a domain name (or http://localhost)' });
      return z.NEVER;
    }
    return { rpID: host, origin: url.origin };
  });

/** Whether this shop's public address can hold passkeys (what `accounts.providers` tells the client). */
export function passkeysAvailable(config: Pick<AppConfig, 'publicUrl' | 'port'>): boolean {
  return relyingPartySchema.safeParse(publicOrigin(config)).success;
}

/**
 * The relying party of this shop, or a 409 when its public address cannot hold passkeys (an IP address, plain http):
 * the request is well formed and allowed, but conflicts with how the shop is set up, and nothing failed on the server
 * (decision 238; it was a 501, which monitoring counted as a server fault).
 */
export function relyingParty(config: Pick<AppConfig, 'publicUrl' | 'port' | 'shop'>): RelyingParty {
  const parsed = relyingPartySchema.safeParse(publicOrigin(config));
  if (!parsed.success) throw new AppError('CONFLICT', accountMessages.passkeys.unavailable);
  return { ...parsed.data, rpName: config.shop?.name ?? messages.common.shopName };
}
