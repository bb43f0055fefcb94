// Names and phone numbers of people (sign-up, checkout, manual orders, user forms): one rule each (decisions 101, 209).
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
 * The stored form of a phone as people write it ("+383 44 123 456", "044-123-456", "00383 44 123 456",
 * "(044) 123.456"): a leading + for international numbers, then digits only. null when it is not a phone.
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

// Calling codes of the countries the shop ships to most, so their numbers group the way people say them.
const CALLING_CODES = [
  '383',
  '355',
  '389',
  '382',
  '381',
  '385',
  '386',
  '387',
  '41',
  '43',
  '44',
  '49',
  '39',
  '33',
  '32',
  '31',
  '46',
  '47',
  '45',
  '1',
  '90',
  '30',
];

/** Groups of three from the end, the first with two to four digits ("044 123 456", "44 123 456", "0441 234 567"). */
function groupNational(digits: string): string {
  const groups: string[] = [];
  let rest = digits;
  while (rest.length > 4) {
    groups.unshift(rest.slice(-3));
    rest = rest.slice(0, -3);
  }
  groups.unshift(rest);
  return groups.join(' ');
}

/** A stored (or legacy, free-form) phone shown grouped: "+383 44 123 456", "044 123 456". Unknown shapes are shown as stored. */
export function formatPhone(stored: string): string {
  const phone = normalisePhone(stored);
  if (!phone) return stored;
  if (!phone.startsWith('+')) return groupNational(phone);
  const digits = phone.slice(1);
  const code = CALLING_CODES.find((c) => digits.startsWith(c) && digits.length - c.length >= 6);
  return code ? `+${code} ${groupNational(digits.slice(code.length))}` : `+${groupNational(digits)}`;
}

/** A required phone: the stored (normalised) form comes out; `invalidMessage` for what is not a phone. */
export const phoneField = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ message: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(40, invalidMessage)
    .refine((v) => normalisePhone(v) !== null, invalidMessage)
    .transform((v) => normalisePhone(v) ?? v);
