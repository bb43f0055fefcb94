// Gift card codes (decision 274): drawn with node:crypto's randomInt from a lookalike-free alphabet (about 99 bits),
// stored only as HMAC-SHA256 under a key derived from the environment's secret (decision 236), so a backup holds no
// spendable code and cannot be searched offline without the key. Until the recipient's e-mail is sent the code is kept
// sealed (AES-256-GCM under another derived key, the card's id as associated data); the worker opens it once.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { GIFT_CODE_ALPHABET, GIFT_CODE_LENGTH, normaliseGiftCode } from '#shared/gift-cards';
import type { ServerKeys } from '#server/keys';

type CodeKey = ServerKeys['giftCardCode'];
type SealKey = ServerKeys['giftCardSeal'];

/** A fresh code, normalised (20 characters, no dashes). */
export function newGiftCode(): string {
  return Array.from({ length: GIFT_CODE_LENGTH }, () => GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)]!).join(
    '',
  );
}

/** The stored form of a code as typed (normalised first): hex HMAC-SHA256. */
export const hashGiftCode = (key: CodeKey, typed: string): string =>
  createHmac('sha256', key).update(normaliseGiftCode(typed)).digest('hex');

/** The last four characters staff recognise a card by. */
export const lastFour = (code: string): string => normaliseGiftCode(code).slice(-4);

const aad = (cardId: number) => Buffer.from(`gift-card:${cardId}`);

export function sealGiftCode(key: SealKey, cardId: number, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(cardId));
  const data = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The sealed code, or null when it does not open (another secret, another card's row, tampered). */
export function openGiftCode(key: SealKey, cardId: number, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(cardId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
