// Zod twins of the review answers (decision 211): documentation for /api/openapi.json.
import { z } from 'zod';
import { REVIEW_SORTS, REVIEW_STATUSES } from '../reviews';
import type {
  OrderReviewsDto,
  ProductReviewsDto,
  PublicReviewDto,
  StaffReviewDto,
  StaffReviewsPageDto,
} from './reviews';
import { twin } from './twin';

const Status = z.enum(REVIEW_STATUSES);
const publicFields = {
  reviewID: z.number(),
  rating: z.number(),
  title: z.string(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
};
export const PublicReviewReply = twin<PublicReviewDto>()(z.object(publicFields));

export const ProductReviewsReply = twin<ProductReviewsDto>()(
  z.object({
    productID: z.number(),
    average: z.number().nullable(),
    count: z.number(),
    page: z.number(),
    pageSize: z.number(),
    sort: z.enum(REVIEW_SORTS),
    items: z.array(PublicReviewReply),
  }),
);

export const OrderReviewsReply = twin<OrderReviewsDto>()(
  z.object({
    orderId: z.number(),
    orderNumber: z.string(),
    delivered: z.boolean(),
    lines: z.array(
      z.object({
        productID: z.number(),
        name: z.string(),
        image: z.string().nullable(),
        available: z.boolean(),
        review: z.object({ rating: z.number(), title: z.string(), status: Status }).nullable(),
      }),
    ),
  }),
);

export const StaffReviewReply = twin<StaffReviewDto>()(
  z.object({
    ...publicFields,
    productID: z.number(),
    productName: z.string(),
    orderId: z.number().nullable(),
    orderNumber: z.string().nullable(),
    status: Status,
  }),
);

export const StaffReviewsPageReply = twin<StaffReviewsPageDto>()(
  z.object({
    items: z.array(StaffReviewReply),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    counts: z.object({ pending: z.number(), approved: z.number(), hidden: z.number() }),
  }),
);
