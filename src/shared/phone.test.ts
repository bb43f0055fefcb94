// Phones in one form (decision 246): E.164 whatever the writing, each country's grouping, the staff search word.
import { describe, expect, it } from 'vitest';
import { callingCodeOf, canonicalPhone, formatPhone, phoneSearchWords, samePhone, storedPhone } from './phone';

describe('canonicalPhone', () => {
  it.each(['044 123 456', '+383 44 123 456', '+38344123456', '00383 44 123 456', '044-123-456', '(044) 123.456'])(
    'reads the Kosovo number %j as +38344123456',
    (typed) => {
      expect(canonicalPhone(typed)).toBe('+38344123456');
    },
  );

  it('reads the other ways people write a number: a (0) after the code, no +, no trunk 0', () => {
    expect(canonicalPhone('+383 (0)44 123 456')).toBe('+38344123456');
    expect(canonicalPhone('38344123456')).toBe('+38344123456');
    expect(canonicalPhone('44 123 456')).toBe('+38344123456');
    expect(canonicalPhone('045 222 333')).toBe('+38345222333');
  });

  it("places a national number by its country's calling code", () => {
    expect(canonicalPhone('069 20 45 678', '355')).toBe('+355692045678');
    expect(canonicalPhone('+355 69 204 5678')).toBe('+355692045678');
    expect(canonicalPhone('070 123 456', '389')).toBe('+38970123456');
    expect(canonicalPhone('067 123 456', '382')).toBe('+38267123456');
    expect(canonicalPhone('064 123 4567', '381')).toBe('+381641234567');
    expect(canonicalPhone('0151 23456789', '49')).toBe('+4915123456789');
    expect(canonicalPhone('079 123 45 67', '41')).toBe('+41791234567');
    expect(canonicalPhone('0664 1234567', '43')).toBe('+436641234567');
  });

  it('keeps what does not fit the country (null) and any number written with + or 00 as its digits', () => {
    expect(canonicalPhone('069 20 45 678')).toBeNull(); // ten digits: no Kosovo number
    expect(canonicalPhone('069 123 456')).toBeNull(); // Kosovo numbers start with 2, 3 or 4
    expect(canonicalPhone('+39 333 123 4567')).toBe('+393331234567');
    expect(canonicalPhone('044-abc')).toBeNull();
  });
});

describe('storedPhone and samePhone', () => {
  it('stores E.164 where the number fits, else the plain digits; empty stays empty', () => {
    expect(storedPhone('044123456')).toBe('+38344123456');
    expect(storedPhone('0692045678', '355')).toBe('+355692045678');
    expect(storedPhone('0692045678')).toBe('0692045678');
    expect(storedPhone('')).toBe('');
  });

  it('compares phones however they were written, by the given country', () => {
    expect(samePhone('+383 45 222 333', '045 222 333')).toBe(true);
    expect(samePhone('044123456', '+38344123456')).toBe(true);
    expect(samePhone('+355692045678', '069 204 5678', '355')).toBe(true);
    expect(samePhone('+355692045678', '069 204 5678')).toBe(false);
    expect(samePhone('+38344123456', '044 123 457')).toBe(false);
    expect(samePhone('', '')).toBe(false);
  });
});

describe('callingCodeOf', () => {
  it.each([
    ['Kosovë', '383'],
    ['Shqipëri', '355'],
    ['Maqedonia e Veriut', '389'],
    ['Mali i Zi', '382'],
    ['Serbi', '381'],
    ['Gjermani', '49'],
    ['Zvicër', '41'],
    ['Austri', '43'],
    ['  kosova ', '383'],
    ['Shtet i panjohur', '383'],
    [null, '383'],
  ])('gives %j the calling code %j', (name, code) => {
    expect(callingCodeOf(name)).toBe(code);
  });
});

describe('formatPhone', () => {
  it.each([
    ['+38344123456', '+383 44 123 456'],
    ['+38338123456', '+383 38 123 456'],
    ['+355692045678', '+355 69 204 5678'],
    ['+35542234567', '+355 4 223 4567'],
    ['+38970123456', '+389 70 123 456'],
    ['+38922345678', '+389 2 234 5678'],
    ['+38267123456', '+382 67 123 456'],
    ['+381641234567', '+381 64 123 4567'],
    ['+4915123456789', '+49 1512 3456789'],
    ['+491711234567', '+49 171 1234567'],
    ['+493012345678', '+49 30 12345678'],
    ['+41791234567', '+41 79 123 45 67'],
    ['+436641234567', '+43 664 1234567'],
    ['+4311234567', '+43 1 1234567'],
    ['+393331234567', '+39 3331 234 567'], // no rules kept for Italy: threes from the end
    ['+383 (0)44 123 456', '+383 44 123 456'],
    ['not a phone', 'not a phone'],
    ['', ''],
  ])('shows %j as %j', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it('groups a legacy national number as its country writes it, keeping the 0 ("069 20 45 678" is no "0692 045 678")', () => {
    expect(formatPhone('0692045678')).toBe('069 204 5678');
    expect(formatPhone('069 20 45 678')).toBe('069 204 5678');
    expect(formatPhone('044123456')).toBe('044 123 456');
    expect(formatPhone('070123456', '389')).toBe('070 123 456');
    expect(formatPhone('0791234567', '41')).toBe('079 123 45 67');
  });

  it('shows a number as it reads back in: grouping is stable', () => {
    for (const p of ['+38344123456', '+355692045678', '+4915123456789', '+41791234567', '+436641234567'])
      expect(storedPhone(formatPhone(p))).toBe(p);
  });
});

describe('phoneSearchWords', () => {
  it('turns a phone in any writing into the digits stored phones hold', () => {
    for (const q of ['044 123 456', '+383 44 123 456', '+38344123456', '00383 44 123 456', '044123456'])
      expect(phoneSearchWords(q)).toEqual(['44123456']);
    expect(phoneSearchWords('+355 69 204 5678')).toEqual(['692045678']);
    expect(phoneSearchWords('069 20 45 678')).toEqual(['692045678']);
  });

  it('leaves other searches to the words (names, order numbers, short digit runs)', () => {
    expect(phoneSearchWords('Arta Berisha')).toBeNull();
    expect(phoneSearchWords('000123')).toBeNull();
    expect(phoneSearchWords('123456')).toBeNull();
    expect(phoneSearchWords('')).toBeNull();
    expect(phoneSearchWords(undefined)).toBeNull();
  });
});
