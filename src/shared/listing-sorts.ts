// The listing's orders, in one zod-free place: the server's schema and the storefront's URL state both use it
// (the storefront's first load must not pull in zod, decision 023).

/** newest (the spec's order, the default), by the price shown after today's discount, by biggest discount. */
export const LISTING_SORTS = ['newest', 'price-asc', 'price-desc', 'discount'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export function isListingSort(v: unknown): v is ListingSort {
  return typeof v === 'string' && (LISTING_SORTS as readonly string[]).includes(v);
}
