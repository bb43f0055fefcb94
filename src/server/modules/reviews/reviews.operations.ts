// The reviews module's operations (decision 234). The product page's list is catalog.productReviews (catalog.operations.ts).
//   GET  /api/Reviews/order/{orderId}?t=   the products of an order and the buyer's reviews (signed in or signed link)
//   POST /api/Reviews                      a buyer's review of one product of a delivered order (rate-limited)
//   GET  /api/Reviews?status=&page=        staff: the list by state
//   PUT  /api/Reviews/{id}/Approve | /Hide | /Reply   staff moves (audited)
import { z } from 'zod';
import { OrderReviewsReply, StaffReviewsPageReply } from '#shared/dto/reviews';
import {
  OrderReviewsInput,
  ReplyReviewInput,
  ReviewIdInput,
  StaffReviewsInput,
  WriteReviewInput,
} from '#shared/schemas/reviews';
import { mutation, query } from '#server/operations/define';
import { moveReview, replyToReview, staffReviews } from './reviews-admin.service';
import { orderReviews, writeReview } from './reviews.service';

const Moved = z.object({ reviewID: z.number(), status: z.enum(['approved', 'hidden']) });

export const reviewsOperations = {
  forOrder: query({
    access: 'public',
    limit: 'review',
    input: OrderReviewsInput,
    output: OrderReviewsReply,
    run: (caller, input) => orderReviews(caller, caller.actor, input),
    rest: {
      method: 'GET',
      path: '/Reviews/order/:orderId',
      input: (req) => ({ orderId: req.param('orderId'), token: req.query().t }),
    },
  }),
  write: mutation({
    access: 'public',
    limit: 'review',
    input: WriteReviewInput,
    output: z.object({ reviewID: z.number(), status: z.literal('pending') }),
    run: (caller, input) => writeReview(caller, caller.actor, input),
    rest: { method: 'POST', path: '/Reviews', status: 201 },
  }),
  list: query({
    access: 'staff',
    input: StaffReviewsInput,
    output: StaffReviewsPageReply,
    run: (caller, input) => staffReviews(caller, input),
    rest: { method: 'GET', path: '/Reviews' },
  }),
  approve: mutation({
    access: 'staff',
    input: ReviewIdInput,
    output: Moved,
    run: (caller, input) => moveReview(caller, input.id, 'approve'),
    rest: { method: 'PUT', path: '/Reviews/:id/Approve', input: (req) => ({ id: req.param('id') }) },
  }),
  hide: mutation({
    access: 'staff',
    input: ReviewIdInput,
    output: Moved,
    run: (caller, input) => moveReview(caller, input.id, 'hide'),
    rest: { method: 'PUT', path: '/Reviews/:id/Hide', input: (req) => ({ id: req.param('id') }) },
  }),
  reply: mutation({
    access: 'staff',
    input: ReplyReviewInput,
    output: z.object({ reviewID: z.number(), reply: z.string() }),
    run: (caller, input) => replyToReview(caller, input),
    rest: {
      method: 'PUT',
      path: '/Reviews/:id/Reply',
      input: async (req) => ({ ...((await req.json()) as object), id: req.param('id') }),
    },
  }),
};
