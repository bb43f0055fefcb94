// Review answers (decision 234): one zod schema each, its type inferred (decision 264); the schemas document the
// answers in /api/openapi.json.
import { z } from 'zod';
import { REVIEW_SORTS, REVIEW_STATUSES } from '../reviews';

const Status = z.enum(REVIEW_STATUSES);

/** An approved review as the product page shows it (the author as "Arta K."; no e-mail, no order). */
const PublicReviewReply = z.object({
  reviewID: z.number(),
  rating: z.number(),
  title: z.string(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type PublicReviewDto = z.infer<typeof PublicReviewReply>;

/** A product's approved reviews, a page at a time, with their average and count (null average: none yet). */
export const ProductReviewsReply = z.object({
  productID: z.number(),
  average: z.number().nullable(),
  count: z.number(),
  page: z.number(),
  pageSize: z.number(),
  sort: z.enum(REVIEW_SORTS),
  items: z.array(PublicReviewReply),
});
export type ProductReviewsDto = z.infer<typeof ProductReviewsReply>;

/** A product of an order as the review page lists it: reviewable, or the state of the buyer's review of it. */
const OrderReviewLineReply = z.object({
  productID: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  /** False for a product no longer sold (deleted): nothing to review. */
  available: z.boolean(),
  review: z.object({ rating: z.number(), title: z.string(), status: Status }).nullable(),
});
export type OrderReviewLineDto = z.infer<typeof OrderReviewLineReply>;

export const OrderReviewsReply = z.object({
  orderId: z.number(),
  orderNumber: z.string(),
  delivered: z.boolean(),
  lines: z.array(OrderReviewLineReply),
});
export type OrderReviewsDto = z.infer<typeof OrderReviewsReply>;

/** A review as staff see it. */
const StaffReviewReply = PublicReviewReply.extend({
  productID: z.number(),
  productName: z.string(),
  orderId: z.number().nullable(),
  orderNumber: z.string().nullable(),
  status: Status,
});
export type StaffReviewDto = z.infer<typeof StaffReviewReply>;

export const StaffReviewsPageReply = z.object({
  items: z.array(StaffReviewReply),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: z.object({ pending: z.number(), approved: z.number(), hidden: z.number() }),
});
export type StaffReviewsPageDto = z.infer<typeof StaffReviewsPageReply>;
