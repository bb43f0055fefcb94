// A product's plain text fields, declared once (decision 278): one line here and the column (a migration and
// db/schema.ts) make a field that the staff form edits, the products CSV exports and imports, the product page shows
// ("Label: value" under the description) and the audit trail records. Each key is the column's name and the field's
// name in every answer and input (so one word, or the column's snake_case spelling); its label is in
// messages/product-fields.ts. Text, at most `max` characters, optional: blank is stored as null. No zod here: the
// product page reads this table too.

export interface ProductTextField {
  /** At most this many characters (the input schema, the form's maxLength and the CSV import check it). */
  max: number;
}

export const PRODUCT_TEXT_FIELDS = {} as const satisfies Record<string, ProductTextField>;

export type ProductTextKey = keyof typeof PRODUCT_TEXT_FIELDS;
export const PRODUCT_TEXT_KEYS = Object.keys(PRODUCT_TEXT_FIELDS) as ProductTextKey[];
/** The fields' values as stored and answered: text or null. */
export type ProductTextValues = { [K in ProductTextKey]: string | null };

/** The text fields of `source` (a row, an input), each null when absent or blank. */
export function productTextValues(
  source: Partial<Record<ProductTextKey, string | null | undefined>>,
): ProductTextValues {
  return Object.fromEntries(
    PRODUCT_TEXT_KEYS.map((k) => [k, (source[k] as string | null | undefined)?.trim() || null]),
  ) as ProductTextValues;
}

/** Each field with its own value of `make` (a zod shape, a form's starting strings). */
export function perProductTextField<T>(make: (key: ProductTextKey, field: ProductTextField) => T): {
  [K in ProductTextKey]: T;
} {
  return Object.fromEntries(PRODUCT_TEXT_KEYS.map((k) => [k, make(k, PRODUCT_TEXT_FIELDS[k] as ProductTextField)])) as {
    [K in ProductTextKey]: T;
  };
}
