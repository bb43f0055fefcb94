// Albanian counts through the one plural helper: "1 produkt", "0 produkte", "2 produkte".
import { describe, expect, it } from 'vitest';
import { messages, plural } from './messages';
import { staffMessages } from './messages-staff';

describe('plural', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect([0, 1, 2, 21].map((n) => plural(messages.listing.resultsCount, n))).toEqual([
      '0 produkte',
      '1 produkt',
      '2 produkte',
      '21 produkte',
    ]);
    expect(plural(messages.nav.cartCount, 1)).toBe('Shporta, 1 artikull');
    expect(plural(messages.nav.cartCount, 3)).toBe('Shporta, 3 artikuj');
    expect(plural(staffMessages.dashboard.colorsAdded, 1)).toBe('U shtua 1 ngjyrë.');
    expect(plural(staffMessages.dashboard.colorsAdded, 4)).toBe('U shtuan 4 ngjyra.');
  });

  it('fills other values beside the count', () => {
    expect(plural({ one: '{n} {what}', other: '{n} {what}e' }, 2, { what: 'produkt' })).toBe('2 produkte');
  });
});
