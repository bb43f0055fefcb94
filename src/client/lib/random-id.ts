// Random identifiers the browser makes up (guest id, local cart lines, idempotency keys), from the CSPRNG.
const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random characters of `alphabet` (lower-case letters and digits unless told otherwise). */
export function randomId(length: number, alphabet = LOWER_ALNUM): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
