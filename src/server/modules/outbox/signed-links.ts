// Signed order links (decision 234): a link that proves its holder received an order's e-mail, without anything
// stored. The token is `<expiry seconds>.<HMAC-SHA256 of purpose, order and expiry>` under the order-link key derived
// from the server's secret (keys.ts, decision 236); the outbox mints it only into the copy handed to SMTP
// (secret-links.ts), so no outbox row holds a usable link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerKeys } from '#server/keys';

type OrderLinkKey = ServerKeys['orderLink'];

const mac = (key: OrderLinkKey, purpose: string, orderId: number, expires: number) =>
  createHmac('sha256', key).update(`order-link:${purpose}:${orderId}:${expires}`).digest('base64url');

/** A token for `purpose` on order `orderId`, valid until `expiresAt`. */
export function signOrderLink(key: OrderLinkKey, purpose: string, orderId: number, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${expires}.${mac(key, purpose, orderId, expires)}`;
}

/** Whether `token` was signed for this purpose and order and has not expired. */
export function verifyOrderLink(
  key: OrderLinkKey,
  purpose: string,
  orderId: number,
  token: string,
  now: Date,
): boolean {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return false;
  const expires = Number(m[1]);
  if (expires * 1000 < now.getTime()) return false;
  const want = Buffer.from(mac(key, purpose, orderId, expires));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got);
}
