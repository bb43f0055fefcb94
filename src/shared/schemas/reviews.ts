// Review inputs (decision 234): the one schema for the review form and the server, the product page's list and the
// staff screen's list and moves.
import { z } from 'zod';
import { fill } from '../messages';
import { reviewMessages } from '../messages/reviews';
import { staffMessages } from '../messages-staff';
import { REVIEW_LIMITS as L, REVIEW_SORTS, REVIEW_STATUSES } from '../reviews';
import { idSchema } from './numbers';
import { pagingFields } from './paging';

const e = reviewMessages.errors;
const s = staffMessages.reviews;

/** A line of text as typed: trimmed; stored as it is and escaped wherever it is shown (never read as HTML). */
const text = (required: string, min: number, max: number, length: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .min(min, fill(length, { min, max }))
    .max(max, fill(length, { min, max }));

/** The proof of a guest: the signed token of the review link in the delivered e-mail (absent when signed in). */
const token = z.string({ message: e.invalidLink }).max(200, e.invalidLink).optional();

export const ReviewFields = z.object({
  rating: z
    .number({ message: e.ratingRequired })
    .int(e.ratingRequired)
    .min(1, e.ratingRequired)
    .max(5, e.ratingRequired),
  title: text(e.titleRequired, L.titleMin, L.titleMax, e.titleLength),
  body: text(e.bodyRequired, L.bodyMin, L.bodyMax, e.bodyLength),
});
export type ReviewFields = z.infer<typeof ReviewFields>;

export const WriteReviewInput = ReviewFields.extend({ orderId: idSchema(), productId: idSchema(), token });
export type WriteReviewInput = z.infer<typeof WriteReviewInput>;

export const OrderReviewsInput = z.object({ orderId: idSchema(), token });
export type OrderReviewsInput = z.infer<typeof OrderReviewsInput>;

export const ProductReviewsInput = z.object({
  productID: idSchema(),
  page: idSchema().optional(),
  sort: z.enum(REVIEW_SORTS).optional(),
});
export type ProductReviewsInput = z.infer<typeof ProductReviewsInput>;

export const StaffReviewsInput = z
  .object({ ...pagingFields, status: z.enum(REVIEW_STATUSES, { message: s.invalidStatus }).optional() })
  .default({});
export type StaffReviewsInput = z.infer<typeof StaffReviewsInput>;

export const ReviewIdInput = z.object({ id: idSchema() });
export type ReviewIdInput = z.infer<typeof ReviewIdInput>;

export const ReplyReviewInput = z.object({
  id: idSchema(),
  reply: z
    .string({ message: s.replyRequired })
    .trim()
    .min(1, s.replyRequired)
    .max(L.replyMax, fill(s.replyTooLong, { max: L.replyMax })),
});
export type ReplyReviewInput = z.infer<typeof ReplyReviewInput>;
