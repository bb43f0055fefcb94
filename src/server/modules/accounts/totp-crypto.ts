// The TOTP secrets at rest (decision 225): AES-256-GCM under the TOTP key derived from the server's secret (keys.ts,
// decision 236), which is never in the database, so a copy of it alone (a backup, a stolen file) holds no usable
// secret. Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url); the user id is the associated data, so a row copied
// onto another account does not decrypt. Recovery codes are random and long enough for a plain SHA-256 to stand in for a hash.
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import type { ServerKeys } from '#server/keys';

type TotpKey = ServerKeys['totp'];

const aad = (userId: number) => Buffer.from(`user:${userId}`);

export function encryptSecret(key: TotpKey, userId: number, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(userId));
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The base32 secret, or null when the stored value does not decrypt (another server secret, a tampered row). */
export function decryptSecret(key: TotpKey, userId: number, stored: string): string | null {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

// Without 0/O, 1/I/L: codes are read off paper and typed.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code as shown: "xxxxx-xxxxx" (10 characters of 31: about 50 bits). */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A typed recovery code in its stored form: lower case, no spaces or dashes. */
export const normaliseRecoveryCode = (typed: string) => typed.toLowerCase().replace(/[\s-]/g, '');

export const hashRecoveryCode = (typed: string) =>
  createHash('sha256').update(normaliseRecoveryCode(typed)).digest('hex');
