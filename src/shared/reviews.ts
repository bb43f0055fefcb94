// Reviews (decision 234), zod-free: the limits, the product page's review search (?reviews=2&reviewSort=highest)
// and the stars' text. The product page's first load reads them, so no zod and no schema here.

export const REVIEW_LIMITS = { titleMin: 3, titleMax: 80, bodyMin: 10, bodyMax: 2000, replyMax: 1000 } as const;
/** Approved reviews per page on the product page. */
export const REVIEWS_PAGE_SIZE = 5;
export const REVIEW_SORTS = ['newest', 'highest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The product page's review search: a page (1..) and a sort, leniently read (anything else is the default). */
export interface ReviewSearch {
  reviews?: number;
  reviewSort?: 'highest';
}

export function parseReviewSearch(raw: Record<string, unknown>): ReviewSearch {
  const n = Number(raw.reviews);
  const out: ReviewSearch = n > 1 && n <= 1e4 && n % 1 === 0 ? { reviews: n } : {};
  if (raw.reviewSort === 'highest') out.reviewSort = 'highest';
  return out;
}

/** The catalog.productReviews input of a product page's review search. */
export const productReviewsInput = (productID: number, search: ReviewSearch) => ({
  productID,
  page: search.reviews ?? 1,
  sort: (search.reviewSort ?? 'newest') as ReviewSort,
});
