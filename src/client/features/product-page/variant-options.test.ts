// Pure storefront rules of the product page: variant availability, gallery choice, a product without colours.
import { describe, expect, it } from 'vitest';
import type { ProductVariantDto } from '#shared/dto/catalog';
import { colourAndSize, lineColour } from '#shared/colours';
import {
  chooseVariant,
  colorOptions,
  galleryImages,
  isColourless,
  onlyChoice,
  sizeOptions,
  totalStock,
} from './variant-options';

const v = (
  variantID: number,
  sizeID: number,
  sizeName: string,
  colorID: number,
  colorName: string,
  stockQuantity: number,
): ProductVariantDto => ({
  variantID,
  sizeID,
  sizeName,
  colorID,
  colorName,
  hexCode: '#000',
  stockQuantity,
});

// Red: S (3), M (0); Blue: M (2), L (1)
const variants = [
  v(1, 2, 'S', 10, 'E kuqe', 3),
  v(2, 3, 'M', 10, 'E kuqe', 0),
  v(3, 3, 'M', 20, 'Blu', 2),
  v(4, 4, 'L', 20, 'Blu', 1),
];

describe('variant options', () => {
  it('disables a size that has no stock with the chosen colour, and a colour with none in the chosen size', () => {
    expect(sizeOptions(variants, 10).map((s) => [s.sizeName, s.available])).toEqual([
      ['S', true],
      ['M', false],
      ['L', false],
    ]);
    expect(sizeOptions(variants, null).map((s) => s.available)).toEqual([true, true, true]);
    expect(colorOptions(variants, 3).map((c) => [c.colorName, c.available])).toEqual([
      ['E kuqe', false],
      ['Blu', true],
    ]);
    expect(colorOptions(variants, null).every((c) => c.available)).toBe(true);
  });

  it('keeps a sold-out choice choosable (back in stock, decision 233), but not one that exists in no variant', () => {
    // Red M is sold out: choosable; red L does not exist.
    expect(sizeOptions(variants, 10).map((s) => [s.sizeName, s.available, s.exists])).toEqual([
      ['S', true, true],
      ['M', false, true],
      ['L', false, false],
    ]);
    expect(colorOptions(variants, 4).map((c) => [c.colorName, c.available, c.exists])).toEqual([
      ['E kuqe', false, false],
      ['Blu', true, true],
    ]);
    expect(colorOptions(variants, 3).map((c) => [c.colorName, c.exists])).toEqual([
      ['E kuqe', true],
      ['Blu', true],
    ]);
  });

  it('orders sizes XS…XXL then naturally', () => {
    const mixed = [
      v(1, 9, 'XL', 1, 'a', 1),
      v(2, 8, '38', 1, 'a', 1),
      v(3, 7, 'S', 1, 'a', 1),
      v(4, 6, '36', 1, 'a', 1),
    ];
    expect(sizeOptions(mixed, null).map((s) => s.sizeName)).toEqual(['S', 'XL', '36', '38']);
  });

  it('chooses the variant or gives the spec reason', () => {
    const product = { productVariants: variants };
    expect(chooseVariant(product, null, 10)).toEqual({ ok: false, reason: 'select' });
    expect(chooseVariant(product, 2, null)).toEqual({ ok: false, reason: 'select' });
    expect(chooseVariant(product, 99, 10)).toEqual({ ok: false, reason: 'invalid' });
    expect(chooseVariant(product, 4, 10)).toEqual({ ok: false, reason: 'missing' });
    expect(chooseVariant(product, 3, 20)).toEqual({ ok: true, variant: variants[2] });
    expect(totalStock(product)).toBe(6);
  });

  it('shows at most 4 pictures of the chosen colour, else the first colour with pictures', () => {
    const product = {
      imageURLs: ['/x.webp'],
      images: [
        { colorID: 10, imageURLs: [] },
        { colorID: 20, imageURLs: ['/1', '/2', '/3', '/4', '/5'] },
        { colorID: 30, imageURLs: ['/a'] },
      ],
    };
    expect(galleryImages(product, 30)).toEqual(['/a']);
    expect(galleryImages(product, null)).toEqual(['/1', '/2', '/3', '/4']);
    expect(galleryImages(product, 10)).toEqual(['/1', '/2', '/3', '/4']);
    expect(galleryImages({ imageURLs: ['/x.webp'], images: [] }, null)).toEqual(['/x.webp']);
  });
});

describe('a product without colours (decision 216)', () => {
  const cream = [
    { ...v(7, 5, '50 ml', 1, 'Pa ngjyrë', 4), hexCode: '' },
    { ...v(8, 6, '100 ml', 1, 'Pa ngjyrë', 0), hexCode: '' },
  ];
  it('comes with its "no colour" chosen, so only the size is asked for', () => {
    expect(isColourless(cream)).toBe(true);
    expect(isColourless(variants)).toBe(false);
    expect(isColourless([])).toBe(false);
    expect(isColourless([...cream, variants[0]!])).toBe(false); // a real colour beside it: the picker stays
    const colour = onlyChoice(cream, 'colorID');
    expect(colour).toBe(1);
    expect(chooseVariant({ productVariants: cream }, null, colour)).toEqual({ ok: false, reason: 'select' });
    expect(chooseVariant({ productVariants: cream }, 5, colour)).toEqual({ ok: true, variant: cream[0] });
  });

  it('names no colour on a line', () => {
    expect(lineColour(cream[0]!)).toBe('');
    expect(lineColour(variants[0]!)).toBe('E kuqe');
    expect(colourAndSize('', '50 ml')).toBe('50 ml');
    expect(colourAndSize('E kuqe', 'M')).toBe('E kuqe · M');
    expect(colourAndSize('E kuqe', 'M', ' / ')).toBe('E kuqe / M');
  });
});
