// Reviews from real buyers (issue 26, decision 234): a buyer whose order was delivered reviews each of its products
// once (signed in as the order's account, or with the signed link of the delivered e-mail); approved reviews are
// shown on the product page, a page at a time, from the catalogue cache.
import type { OrderReviewsDto, ProductReviewsDto, PublicReviewDto } from '#shared/dto/reviews';
import { reviewMessages } from '#shared/messages/reviews';
import { orderNumberOf } from '#shared/order-number';
import { REVIEWS_PAGE_SIZE } from '#shared/reviews';
import type { OrderReviewsInput, ProductReviewsInput, WriteReviewInput } from '#shared/schemas/reviews';
import type { AppDeps } from '#server/deps';
import { isUniqueViolation } from '#server/db/errors';
import { AppError, notFound } from '#server/errors';
import type { Actor } from '../accounts';
import { cachedRead, isActiveProduct, productBriefs, type CachedRead } from '../catalog';
import { linesOf, orderBuyer, type OrderBuyer } from '../orders';
import { verifyOrderLink } from '../outbox';
import * as q from './reviews.queries';

type Deps = Pick<AppDeps, 'db' | 'config'>;
const e = reviewMessages.errors;

type PublicRow = Awaited<ReturnType<typeof q.approvedPage>>[number];
export const publicReview = (r: PublicRow): PublicReviewDto => ({
  reviewID: r.review_id,
  rating: r.rating,
  title: r.title,
  body: r.body,
  authorName: r.author_name,
  createdAt: r.created_at,
  reply: r.reply,
  repliedAt: r.replied_at,
});

/** A product's approved reviews, a page at a time (cached with the catalogue; an approval bumps its version). */
export async function productReviews(
  deps: Pick<AppDeps, 'db'>,
  input: ProductReviewsInput,
): Promise<CachedRead<ProductReviewsDto>> {
  const { productID } = input;
  const page = input.page ?? 1;
  const sort = input.sort ?? 'newest';
  if (!(await isActiveProduct(deps, productID))) throw notFound(reviewMessages.errors.orderNotFound);
  return cachedRead(
    deps.db,
    `reviews:${productID}:${page}:${sort}`,
    async () => {
      const stats = await q.approvedStats(deps.db, productID);
      const offset = (page - 1) * REVIEWS_PAGE_SIZE;
      const rows =
        offset < stats.count ? await q.approvedPage(deps.db, productID, sort, REVIEWS_PAGE_SIZE, offset) : [];
      const average = stats.count ? Math.round((stats.total / stats.count) * 10) / 10 : null;
      return {
        productID,
        average,
        count: stats.count,
        page,
        pageSize: REVIEWS_PAGE_SIZE,
        sort,
        items: rows.map(publicReview),
      };
    },
    // A page past the last is answered, not kept: arbitrary page numbers must not fill the cache (decision 201).
    { keep: (v) => v.page === 1 || v.items.length > 0 },
  );
}

/** Who reviews an order's products: its account, else its e-mail address (one review per product each). */
const reviewerKey = (o: OrderBuyer) =>
  o.user_id !== null ? `user:${o.user_id}` : `email:${o.email.trim().toLowerCase()}`;
const authorName = (o: OrderBuyer) => `${o.first_name.trim()} ${o.last_name.trim().slice(0, 1)}.`.replace(/ \.$/, '');
const delivered = (o: OrderBuyer) => o.status === 'delivered' && o.closed_as === null;

/**
 * The order a caller may review: with the review link's token (signed for this order, not expired), or signed in as
 * the order's account. 401 with neither, 403 for a bad link or another customer's order, 404 for no such order.
 */
async function buyerOrder(deps: Deps, actor: Actor | null, input: OrderReviewsInput, now: Date): Promise<OrderBuyer> {
  if (input.token) {
    if (!verifyOrderLink(deps.config.keys.orderLink, 'review', input.orderId, input.token, now))
      throw new AppError('FORBIDDEN', e.invalidLink);
    const order = await orderBuyer(deps.db, input.orderId);
    if (!order) throw notFound(e.orderNotFound);
    return order;
  }
  if (!actor) throw new AppError('UNAUTHORIZED', e.needProof);
  const order = await orderBuyer(deps.db, input.orderId);
  if (!order) throw notFound(e.orderNotFound);
  if (order.user_id !== actor.userId) throw new AppError('FORBIDDEN', e.notYours);
  return order;
}

/** The products of an order (each once) with the buyer's review of each, for the review page. */
export async function orderReviews(
  deps: Deps,
  actor: Actor | null,
  input: OrderReviewsInput,
  now = new Date(),
): Promise<OrderReviewsDto> {
  const order = await buyerOrder(deps, actor, input, now);
  const lines = await linesOf(deps.db, [order.order_id]);
  const seen = new Map<number, { name: string; image: string | null }>();
  for (const l of lines)
    if (l.product_id !== null && !seen.has(l.product_id))
      seen.set(l.product_id, { name: l.product_name, image: l.image_url });
  const ids = [...seen.keys()];
  const [existing, mine] = await Promise.all([productBriefs(deps, ids), q.reviewsBy(deps.db, reviewerKey(order), ids)]);
  const available = new Set(existing.map((p) => p.product_id));
  return {
    orderId: order.order_id,
    orderNumber: orderNumberOf(order.order_id),
    delivered: delivered(order),
    lines: ids.map((id) => {
      const r = mine.find((m) => m.product_id === id);
      const { name, image } = seen.get(id)!;
      return {
        productID: id,
        name,
        image,
        available: available.has(id),
        review: r ? { rating: r.rating, title: r.title, status: r.status } : null,
      };
    }),
  };
}

/**
 * Writes a buyer's review of one product of a delivered order, pending until staff approve it. 409 (nothing
 * written) for an order not delivered, a product not in it, or a product this buyer already reviewed.
 */
export async function writeReview(
  deps: Deps,
  actor: Actor | null,
  input: WriteReviewInput,
  now = new Date(),
): Promise<{ reviewID: number; status: 'pending' }> {
  const order = await buyerOrder(deps, actor, input, now);
  if (!delivered(order)) throw new AppError('CONFLICT', e.notDelivered);
  const lines = await linesOf(deps.db, [order.order_id]);
  if (!lines.some((l) => l.product_id === input.productId)) throw new AppError('CONFLICT', e.notInOrder);
  const key = reviewerKey(order);
  if ((await q.reviewsBy(deps.db, key, [input.productId])).length) throw new AppError('CONFLICT', e.alreadyReviewed);
  try {
    const reviewID = await q.insertReview(deps.db, {
      product_id: input.productId,
      order_id: order.order_id,
      user_id: order.user_id,
      reviewer_key: key,
      author_name: authorName(order),
      rating: input.rating,
      title: input.title,
      body: input.body,
      created_at: now.toISOString(),
    });
    return { reviewID, status: 'pending' };
  } catch (err) {
    // Two submits at once: the unique index keeps one, the other is told it is already there.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', e.alreadyReviewed);
    throw err;
  }
}
