// Names and phone numbers of people (sign-up, checkout, manual orders, user forms): one rule each (decisions 101, 209, 246).
import { z } from 'zod';

/** Letters (Unicode, with their marks), in parts joined by one hyphen, apostrophe or space ("Berisha-Gashi", "O'Neil", "Anna Maria"). */
const NAME_RE = /^[\p{L}\p{M}]+(?:[-'’ ][\p{L}\p{M}]+)*$/u;

/**
 * A name as people type it, in the form the shop stores: trimmed, runs of spaces collapsed to one, and the first
 * letter of each part (at the start, after a space, hyphen or apostrophe) made a capital; the rest stays as typed
 * ("arta" → "Arta", "berisha-gashi" → "Berisha-Gashi", "o'neil" → "O'Neil", "McDonald" stays).
 */
export function capitaliseName(raw: string): string {
  return raw
    .trim()
    .replace(/\s+/gu, ' ')
    .replace(/(^|[-'’ ])(\p{Ll})/gu, (_whole, before: string, letter: string) => before + letter.toUpperCase());
}

/**
 * A person's first or last name: required, at most `max` characters, letters in parts (`lettersMessage` otherwise).
 * Lowercase is taken as typed and stored with capitals (decision 209): the output is `capitaliseName(input)`.
 */
export const personName = (
  max: number,
  requiredMessage: string,
  lettersMessage: string,
  tooLongMessage = requiredMessage,
) =>
  z
    .string({ message: requiredMessage })
    .overwrite(capitaliseName)
    .min(1, requiredMessage)
    .max(max, tooLongMessage)
    .regex(NAME_RE, lettersMessage);

// Digits, optionally led by + or 00, in groups split by spaces, hyphens, dots or brackets.
const PHONE_CHARS = /^(?:\+|00)?[\d\s().-]+$/;
const MIN_DIGITS = 6;
const MAX_DIGITS = 15; // E.164
const MAX_GROUPS = 5;

/**
 * A phone as people write it ("+383 44 123 456", "044-123-456", "00383 44 123 456", "(044) 123.456") in plain
 * form: a leading + for international numbers, then digits only. null when it is not a phone. The server stores
 * the E.164 form of this (src/shared/phone.ts, decision 246), which needs the number's country.
 */
export function normalisePhone(raw: string): string | null {
  const v = raw.trim();
  if (!PHONE_CHARS.test(v)) return null;
  const international = v.startsWith('+') || v.startsWith('00');
  const groups = v
    .replace(/^(?:\+|00)/, '')
    .split(/[\s().-]+/)
    .filter(Boolean);
  const digits = groups.join('');
  if (groups.length > MAX_GROUPS || digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return null;
  return international ? `+${digits}` : digits;
}

/** A required phone: the plain (normalised) form comes out (services store its E.164 form, decision 246); `invalidMessage` for what is not a phone. */
export const phoneField = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ message: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(40, invalidMessage)
    .refine((v) => normalisePhone(v) !== null, invalidMessage)
    .transform((v) => normalisePhone(v) ?? v);
