// The labels of a product's text fields (src/shared/product-fields.ts, decision 278): the staff form's label and the
// product page's "Label: value" line. Own module of the shopper catalogue (decision 214): the product page and the
// product form import it, so the first load does not carry it. A field without its label (or a label without its
// field) is a type error.
import type { ProductTextKey } from '../product-fields';

export const productFieldMessages = {
  productFields: {} satisfies Record<ProductTextKey, string>,
};
