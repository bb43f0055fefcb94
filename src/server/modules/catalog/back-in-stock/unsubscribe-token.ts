// The unsubscribe link's token (decision 233): `<request id>.<HMAC-SHA256>` keyed by the unsubscribe key derived from
// the shop's secret for this one purpose (keys.ts, decision 236), so it opens nothing else (no session, no order, no other request kind) and no other
// token of the shop is accepted here. Stateless: nothing usable is stored; the link is minted only when its e-mail
// is sent (decision 207), so the outbox row holds a placeholder.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerKeys } from '#server/keys';

type UnsubscribeKey = ServerKeys['unsubscribe'];

const macOf = (key: UnsubscribeKey, requestId: number) =>
  createHmac('sha256', key).update(`request:${requestId}`).digest('base64url');

export const unsubscribeToken = (key: UnsubscribeKey, requestId: number) => `${requestId}.${macOf(key, requestId)}`;

/** The request a token names, or null when it is not one this shop signed for unsubscribing. */
export function requestOfToken(key: UnsubscribeKey, token: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  const given = Buffer.from(m[2]!);
  const wanted = Buffer.from(macOf(key, id));
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? id : null;
}
