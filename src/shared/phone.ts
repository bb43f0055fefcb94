// Phones in one form (decision 246): stored and compared as E.164 ("+38344123456"), shown grouped the way each
// country writes them ("+383 44 123 456", "+355 69 204 5678", "+41 79 123 45 67"). Server-side and dashboard code
// only: the storefront's forms keep person.ts's light rule (normalisePhone), so its first load does not grow.
import { normalisePhone } from './schemas/person';

/** The shop is in Kosovo: a national number ("044 123 456") with no other country known is a Kosovo number. */
const HOME_CALLING_CODE = '383';

interface PhoneCountry {
  /** Calling code, without the +. */
  code: string;
  /** Names the countries table may give it, folded (lower case, no diacritics). */
  names: readonly string[];
  /** A national significant number (no trunk 0) of the country. */
  nsn: RegExp;
  /** Its groups' lengths as the country writes them; the last group takes whatever is left. */
  groups: (nsn: string) => readonly number[];
}

/**
 * The countries the shop ships to (the region and the diaspora), their number lengths and groupings after the
 * ITU plans as libphonenumber writes them. All of them dial a national number with a leading 0 (the trunk prefix).
 */
const COUNTRIES: readonly PhoneCountry[] = [
  {
    code: '383',
    names: ['kosove', 'kosova', 'kosovo'],
    nsn: /^(?:[2-4]\d{7}|[89]00\d{5})$/,
    groups: (n) => (/^[89]00/.test(n) ? [3, 5] : [2, 3, 3]),
  },
  {
    code: '355',
    names: ['shqiperi', 'shqiperia', 'albania'],
    nsn: /^(?:6[6-9]\d{7}|[2-58]\d{7})$/,
    groups: (n) => (n.startsWith('6') ? [2, 3, 4] : n.startsWith('4') ? [1, 3, 4] : [2, 3, 3]),
  },
  {
    code: '389',
    names: ['maqedonia e veriut', 'maqedoni e veriut', 'maqedonia', 'maqedoni', 'north macedonia', 'macedonia'],
    nsn: /^[2-8]\d{7}$/,
    groups: (n) => (n.startsWith('2') ? [1, 3, 4] : [2, 3, 3]),
  },
  {
    code: '382',
    names: ['mali i zi', 'montenegro', 'crna gora'],
    nsn: /^[2-8]\d{7}$/,
    groups: () => [2, 3, 3],
  },
  {
    code: '381',
    names: ['serbi', 'serbia', 'srbija'],
    nsn: /^[1-9]\d{7,9}$/,
    groups: () => [2, 3, 5],
  },
  {
    code: '49',
    names: ['gjermani', 'gjermania', 'germany', 'deutschland'],
    nsn: /^[1-9]\d{5,10}$/,
    groups: (n) => (/^15/.test(n) && n.length === 11 ? [4, 7] : /^(?:30|40|69|89)/.test(n) ? [2, 9] : [3, 8]),
  },
  {
    code: '41',
    names: ['zvicer', 'zvicra', 'switzerland', 'schweiz', 'suisse'],
    nsn: /^[1-9]\d{8}$/,
    groups: () => [2, 3, 2, 2],
  },
  {
    code: '43',
    names: ['austri', 'austria', 'osterreich'],
    nsn: /^[1-9]\d{3,12}$/,
    groups: (n) => (n.startsWith('1') ? [1, 12] : [3, 10]),
  },
];

/** Other calling codes the shop's customers write, grouped only by threes (no national rules kept for them). */
const OTHER_CODES = ['385', '386', '387', '44', '39', '33', '32', '31', '46', '47', '45', '1', '90', '30'];

const fold = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');

const byCode = (code: string) => COUNTRIES.find((c) => c.code === code);

/** The calling code of a country by its name in the countries table; Kosovo's for a name the shop has no rule for. */
export function callingCodeOf(countryName: string | null | undefined): string {
  const name = fold(countryName ?? '');
  return COUNTRIES.find((c) => c.names.includes(name))?.code ?? HOME_CALLING_CODE;
}

/** An international number's country with our rules for it, and its national significant number. */
function splitInternational(digits: string): { country: PhoneCountry; nsn: string } | null {
  const country = COUNTRIES.find((c) => digits.startsWith(c.code));
  return country ? { country, nsn: digits.slice(country.code.length) } : null;
}

/**
 * The E.164 form of a phone as typed, or null when it is not a phone or a national number that does not fit the
 * country (the order's or address's country by its calling code; Kosovo when none is known):
 * "044 123 456", "+383 44 123 456", "00383 44 123 456", "+383 (0)44 123 456", "38344123456" and "44 123 456" are all
 * "+38344123456". Numbers written with + or 00 keep their digits (a trunk 0 after a known code is dropped).
 */
export function canonicalPhone(raw: string, callingCode: string = HOME_CALLING_CODE): string | null {
  const p = normalisePhone(raw);
  if (!p) return null;
  if (p.startsWith('+')) {
    const split = splitInternational(p.slice(1));
    if (split && split.nsn.startsWith('0') && split.country.nsn.test(split.nsn.slice(1)))
      return `+${split.country.code}${split.nsn.slice(1)}`;
    return p;
  }
  const country = byCode(callingCode);
  if (!country) return null;
  if (p.startsWith('0')) return country.nsn.test(p.slice(1)) ? `+${country.code}${p.slice(1)}` : null;
  // No trunk 0: the full number without its + ("38344123456"), or the national number without its 0 ("44123456").
  if (p.startsWith(country.code) && country.nsn.test(p.slice(country.code.length))) return `+${p}`;
  return country.nsn.test(p) ? `+${country.code}${p}` : null;
}

/**
 * What the shop stores for a parsed phone: its E.164 form, or (a number that does not fit its country) the
 * digits as parsed, so nothing a shopper gave is lost. '' stays '' (an order without a phone).
 */
export function storedPhone(phone: string, callingCode: string = HOME_CALLING_CODE): string {
  if (!phone.trim()) return '';
  return canonicalPhone(phone, callingCode) ?? normalisePhone(phone) ?? phone.trim();
}

/** One phone however it was typed or stored: "044 123 456", "+383 44 123 456" and "+38344123456" are the same. */
export function samePhone(a: string, b: string, callingCode: string = HOME_CALLING_CODE): boolean {
  const key = (v: string) => canonicalPhone(v, callingCode) ?? normalisePhone(v) ?? v.trim();
  return key(a) !== '' && key(a) === key(b);
}

/** Digits split into groups of the given lengths (the last takes the rest). */
function grouped(digits: string, lengths: readonly number[]): string {
  const out: string[] = [];
  let rest = digits;
  for (const [i, n] of lengths.entries()) {
    if (!rest) break;
    const take = i === lengths.length - 1 ? rest.length : n;
    out.push(rest.slice(0, take));
    rest = rest.slice(take);
  }
  if (rest) out.push(rest);
  return out.join(' ');
}

/** Groups of three from the end, the first with two to four digits (numbers of countries without rules here). */
function byThrees(digits: string): string {
  const groups: string[] = [];
  let rest = digits;
  while (rest.length > 4) {
    groups.unshift(rest.slice(-3));
    rest = rest.slice(0, -3);
  }
  groups.unshift(rest);
  return groups.join(' ');
}

/**
 * A stored (or legacy, free-form) phone shown grouped the way its country writes it: "+383 44 123 456",
 * "+355 69 204 5678", "+41 79 123 45 67". A national number the shop could not place (a legacy row) keeps its 0
 * and is grouped as the first of the shop's countries it fits ("0692045678" → "069 204 5678"). Unknown shapes
 * are shown as stored.
 */
export function formatPhone(stored: string, callingCode: string = HOME_CALLING_CODE): string {
  const phone = normalisePhone(stored);
  if (!phone) return stored;
  if (phone.startsWith('+')) {
    const e164 = canonicalPhone(phone) ?? phone;
    const digits = e164.slice(1);
    const split = splitInternational(digits);
    if (split?.country.nsn.test(split.nsn))
      return `+${split.country.code} ${grouped(split.nsn, split.country.groups(split.nsn))}`;
    const code = [...COUNTRIES.map((c) => c.code), ...OTHER_CODES].find(
      (c) => digits.startsWith(c) && digits.length - c.length >= 6,
    );
    return code ? `+${code} ${byThrees(digits.slice(code.length))}` : `+${byThrees(digits)}`;
  }
  if (phone.startsWith('0')) {
    const nsn = phone.slice(1);
    const own = byCode(callingCode);
    const country = own?.nsn.test(nsn) ? own : COUNTRIES.find((c) => c.nsn.test(nsn));
    if (country) return `0${grouped(nsn, country.groups(nsn))}`;
  }
  return byThrees(phone);
}

/**
 * A staff search text that is a phone, as the one word that finds it in stored phones: its national significant
 * digits ("044 123 456", "+383 44 123 456" and "00383 44 123 456" all look for "44123456", which both the E.164
 * form and a legacy national one contain). Null when the text is not a phone written as one: a bare run of digits
 * that is no number of the shop's home country stays a word (it may be an order number, "000123").
 */
export function phoneSearchWords(q: string | undefined): string[] | null {
  const text = (q ?? '').trim();
  const p = normalisePhone(text);
  if (!p) return null;
  const e164 = canonicalPhone(p);
  if (e164) return [splitInternational(e164.slice(1))?.nsn ?? e164.slice(1)];
  if (p.startsWith('+')) return [p.slice(1)];
  return /[\s().-]/.test(text) ? [p.replace(/^0+/, '')] : null;
}
