// "No colour" (decision 216): a cream, a perfume or a shampoo has no colour. Its variants use the shop's one colours
// row without a hex code ("Pa ngjyrë", made by migration 0240); a staff colour always has one (ColorInput wants
// #RRGGBB), so the empty hex code marks it everywhere a colour travels (variants, images, cart, orders) and every
// id and shape stays as it was. The shop hides it: no colour picker, no colour text on lines, no filter swatch.

/** The hex code of the "no colour" row. */
export const NO_COLOUR_HEX = '';

/** Whether a colour (a variant's, a list's) is the "no colour" one. */
export const isNoColour = (colour: { hexCode: string }): boolean => colour.hexCode === NO_COLOUR_HEX;

/** A variant's colour as a line (cart, order, slip, e-mail, feed) writes it: nothing for no colour. */
export const lineColour = (variant: { colorName: string; hexCode: string }): string =>
  isNoColour(variant) ? '' : variant.colorName;

/** A line's colour and size as one text ("E kuqe · M"), leaving out an empty colour ("50 ml"). */
export const colourAndSize = (color: string, size: string, separator = ' · '): string =>
  [color, size].filter(Boolean).join(separator);
