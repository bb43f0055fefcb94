// Albanian counts through the one plural helper: "1 produkt", "0 produkte", "2 produkte".
import { describe, expect, it } from 'vitest';
import { messages, plural } from './messages';
import { listingMessages } from './messages/listing';
import { cartMessages } from './messages/cart';
import { shopperCatalogues } from './messages-all';
import { staffMessages } from './messages-staff';

describe('plural', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect([0, 1, 2, 21].map((n) => plural(listingMessages.resultsCount, n))).toEqual([
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

/** Every catalogue text that is not one of a PluralText's two forms, with its path. */
function plainTexts(node: unknown, path = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[path, node]];
  if (!node || typeof node !== 'object') return [];
  const keys = Object.keys(node);
  if (keys.length === 2 && keys.includes('one') && keys.includes('other')) return [];
  return keys.flatMap((k) => plainTexts((node as Record<string, unknown>)[k], path ? `${path}.${k}` : k));
}

describe('counts with a noun go through the plural helper (issue 25)', () => {
  it('the promo list says "1 përdorim", "0 nga 1 përdorim" and "3 nga 5 përdorime"', () => {
    const pl = staffMessages.promoLimits;
    expect(plural(pl.usesUnlimited, 1)).toBe('1 përdorim');
    expect(plural(pl.usesUnlimited, 2)).toBe('2 përdorime');
    expect(plural(pl.usesUnlimited, 0)).toBe('0 përdorime');
    expect(plural(pl.usesOf, 1, { uses: 0 })).toBe('0 nga 1 përdorim');
    expect(plural(pl.usesOf, 5, { uses: 3 })).toBe('3 nga 5 përdorime');
  });

  it('the other counts read right for one', () => {
    expect(plural(cartMessages.cart.onlyNAvailable, 1)).toBe('Na vjen keq, vetëm 1 njësi është në dispozicion.');
    expect(plural(cartMessages.cart.onlyNAvailable, 4)).toBe('Na vjen keq, vetëm 4 njësi janë në dispozicion.');
    const lc = staffMessages.orderLifecycle;
    expect(plural(lc.selectedCount, 1)).toBe('1 e zgjedhur');
    expect(plural(lc.refusalDetail, 1, { total: 9 })).toBe('1 nga 9 porosi të dërguara u refuzua ose u kthye');
    expect(plural(lc.cancelDetail, 1, { total: 9 })).toBe('1 nga 9 porosi u anulua para dërgimit');
    expect(plural(staffMessages.productCsv.moreErrors, 1)).toBe('Edhe 1 gabim tjetër nuk shfaqet.');
  });

  it('no plain text puts a count before a noun that changes with it', () => {
    // Words that stay the same for one and many (or are not nouns): "1 porosi / 2 porosi", "1 foto", "{n} në stok".
    const sameForAll = new Set(['porosi', 'foto', 'njësi', 'copë', 'në', 'e', 'nga', 'për']);
    // An order number ("porosinë #{n}") is not a count.
    const counted = /(?<!#)\{(n|count|uses|refused)\}\s+(\p{L}+)/gu;
    const offenders = [
      ...Object.entries(shopperCatalogues).flatMap(([name, catalogue]) => plainTexts(catalogue, name)),
      ...plainTexts(staffMessages, 'staffMessages'),
    ].flatMap(([path, text]) =>
      [...text.matchAll(counted)].filter((m) => !sameForAll.has(m[2]!.toLowerCase())).map(() => `${path}: ${text}`),
    );
    expect(offenders).toEqual([]);
  });
});
