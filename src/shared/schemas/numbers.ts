// The one id, money and count schemas every input uses (docs/decisions/130): canonical forms only, never
// JavaScript's Number() coercion, so "+1", " 1", "0x10", "1e3", true or [] are refused instead of read as numbers.
import { z } from 'zod';
import { messages } from '../messages';
import { parseEuroText } from '../money';

/** Ids are SQLite/PostgreSQL `integer` keys: 1 .. 2^31-1. */
export { parseId } from '../ids';
import { COUNT_MAX, COUNT_TEXT, MONEY_MAX_EUROS, parseId } from '../ids';

/** A canonical non-negative whole count (stock): a JSON integer, or decimal text without sign, spaces or leading zeros. */
export function parseCount(value: unknown, max = COUNT_MAX): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 0 && value <= max && !Object.is(value, -0) ? value : null;
  if (typeof value === 'string' && COUNT_TEXT.test(value)) {
    const n = Number(value);
    return n <= max ? n : null;
  }
  return null;
}

/**
 * Euros with at most two decimals, 0..MONEY_MAX_EUROS: a JSON number, or text as staff type it (forms, multipart,
 * CSV): "59,90" or "59.90", thousands grouped as in "1.234,50" (parseEuroText, decision 216).
 */
export function parseEuros(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const cents = parseEuroText(value);
    if (cents === null) return null;
    n = cents / 100;
  } else return null;
  if (!Number.isFinite(n) || n < 0 || n > MONEY_MAX_EUROS || Object.is(n, -0)) return null;
  return Math.abs(Math.round(n * 100) - n * 100) < 1e-6 ? n : null;
}

/** A form's plain decimal text ("20", "-3", "2.5") as a number for a numeric schema; any other value is left as it is,
 *  so "0x10", "1e3", " 20" or true fail the schema's type check instead of being coerced. */
export function decimalText(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d{1,10}(?:\.\d{1,10})?$/.test(value) ? Number(value) : value;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function canonical(parse: (v: unknown) => number | null, invalid: string, required: string) {
  return z
    .custom<number | string>(() => true)
    .transform((v, ctx) => {
      const n = parse(v);
      if (n === null) {
        ctx.addIssue({ code: 'custom', message: isBlank(v) ? required : invalid });
        return z.NEVER;
      }
      return n;
    });
}

/** THE id schema: see parseId. `required` is the message for a missing or blank value (defaults to `invalid`). */
export const idSchema = (invalid: string = messages.common.invalidId, required: string = invalid) =>
  canonical(parseId, invalid, required);

/** THE money schema (euros): see parseEuros. */
export const moneySchema = (required: string, invalid: string) => canonical(parseEuros, invalid, required);

/** THE count schema (stock): see parseCount. */
export const countSchema = (invalid: string, required: string = invalid, max = COUNT_MAX) =>
  canonical((v) => parseCount(v, max), invalid, required);
