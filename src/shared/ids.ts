// Ids as the URL and the API carry them: a positive integer up to ID_MAX, or its canonical decimal text.
// No zod here: route tables the storefront downloads read ids with it.
export const ID_MAX = 2 ** 31 - 1;
/** Largest euro amount a price or shipping price may hold. */
export const MONEY_MAX_EUROS = 1_000_000;
/** Largest stock count one variant may hold. */
export const COUNT_MAX = 1_000_000;

const ID_TEXT = /^[1-9]\d{0,9}$/;
export const COUNT_TEXT = /^(?:0|[1-9]\d{0,9})$/;

/**
 * A canonical positive id: a JSON integer 1..ID_MAX, or its decimal text without sign, spaces, leading zeros,
 * exponent or fraction. Anything else is null. Used by the server's schemas and the client's route params alike.
 */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= ID_MAX ? value : null;
  if (typeof value === 'string' && ID_TEXT.test(value)) {
    const n = Number(value);
    return n <= ID_MAX ? n : null;
  }
  return null;
}
