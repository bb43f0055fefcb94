// The staff side of reviews (decision 234): the list by state, approve, hide and the public reply. Each move is one
// guarded update in a transaction with its audit row and, when the approval changes, the product's kept star sum
// and count (the catalogue's setProductRating); a move from a state that does not allow it is 409, nothing written.
import type { StaffReviewDto, StaffReviewsPageDto } from '#shared/dto/reviews';
import { staffMessages } from '#shared/messages-staff';
import { orderNumberOf } from '#shared/order-number';
import { REVIEW_STATUSES, type ReviewStatus } from '#shared/reviews';
import type { ReplyReviewInput, StaffReviewsInput } from '#shared/schemas/reviews';
import { pageWindow } from '#shared/schemas/paging';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { audited } from '../audit';
import { bumpCatalogVersion, productBriefs, setProductRating } from '../catalog';
import { publicReview } from './reviews.service';
import * as q from './reviews.queries';

type Deps = Pick<AppDeps, 'db'>;
const s = staffMessages.reviews;

export async function staffReviews(deps: Deps, input: StaffReviewsInput): Promise<StaffReviewsPageDto> {
  const { page, pageSize, limit, offset } = pageWindow(input);
  const [rows, countRows] = await Promise.all([
    q.staffPage(deps.db, input.status, limit, offset),
    q.statusCounts(deps.db),
  ]);
  const counts = Object.fromEntries(REVIEW_STATUSES.map((st) => [st, 0])) as Record<ReviewStatus, number>;
  for (const c of countRows) counts[c.status] = Number(c.n);
  const names = new Map(
    (await productBriefs(deps, [...new Set(rows.map((r) => r.product_id))])).map((p) => [p.product_id, p.name]),
  );
  const items: StaffReviewDto[] = rows.map((r) => ({
    ...publicReview(r),
    productID: r.product_id,
    productName: names.get(r.product_id) ?? `#${r.product_id}`,
    orderId: r.order_id,
    orderNumber: r.order_id === null ? null : orderNumberOf(r.order_id),
    status: r.status,
  }));
  return { items, total: input.status ? counts[input.status] : sum(counts), page, pageSize, counts };
}

const sum = (c: Record<ReviewStatus, number>) => c.pending + c.approved + c.hidden;

const auditState = (db: DB, id: number) => q.auditRow(db, id).then((r) => r ?? null);

/** Recomputes the product's approved stars into the catalogue's kept sum and count, in the move's transaction. */
async function keepRating(trx: DB, productId: number) {
  const { total, count } = await q.approvedStats(trx, productId);
  await setProductRating(trx, productId, total, count);
}

const MOVES = {
  approve: { from: ['pending', 'hidden'], to: 'approved', refused: s.alreadyApproved },
  hide: { from: ['pending', 'approved'], to: 'hidden', refused: s.alreadyHidden },
} as const satisfies Record<string, { from: ReviewStatus[]; to: ReviewStatus; refused: string }>;

/** Approves or hides a review (staff): 404 when missing, 409 when it is already in that state. */
export async function moveReview(deps: Deps, id: number, move: keyof typeof MOVES, now = new Date()) {
  const { from, to, refused } = MOVES[move];
  await audited(deps.db, { entity: 'review', action: move, entityId: id }, auditState, async (trx) => {
    const review = await q.reviewById(trx, id);
    if (!review) throw notFound(s.notFound);
    if ((await q.moveReview(trx, id, [...from], to, now.toISOString())) === 0) throw new AppError('CONFLICT', refused);
    await keepRating(trx, review.product_id);
  });
  bumpCatalogVersion();
  return { reviewID: id, status: to };
}

/** The shop's public reply under a review (staff), replacing an earlier one. */
export async function replyToReview(deps: Deps, input: ReplyReviewInput, now = new Date()) {
  await audited(deps.db, { entity: 'review', action: 'public-reply', entityId: input.id }, auditState, async (trx) => {
    if ((await q.setReply(trx, input.id, input.reply, now.toISOString())) === 0) throw notFound(s.notFound);
  });
  bumpCatalogVersion();
  return { reviewID: input.id, reply: input.reply };
}
