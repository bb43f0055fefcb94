// The product page's reviews (decision 234): the average, the count and the approved reviews, a page at a time,
// newest or highest first, with the shop's reply under a review. Read-only markup rendered by the server; paging and
// order are real links (?reviews=2&reviewSort=highest#reviews), so a tap before the app is live loads that page
// from the server. Every text is a buyer's as typed: React escapes it.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ProductReviewsDto, PublicReviewDto } from '#shared/dto/reviews';
import { fill, plural } from '#shared/messages';
import { reviewMessages } from '#shared/messages/reviews';
import { formatDate } from '#shared/dates';
import { formatRating } from '#shared/rating';
import { productReviewsInput, type ReviewSearch } from '#shared/reviews';
import { Stars } from '#client/components/ui/stars';
import { trpc } from '#client/lib/trpc';

const m = reviewMessages.list;

export function ProductReviews({ productID, search }: { productID: number; search: ReviewSearch }) {
  const reviews = useQuery({
    ...trpc.catalog.productReviews.queryOptions(productReviewsInput(productID, search)),
    placeholderData: keepPreviousData,
  });
  if (!reviews.data) return null;
  const r = reviews.data;
  return (
    <section id="reviews" className="reviews container" aria-labelledby="reviews-title" data-testid="product-reviews">
      <h2 id="reviews-title" className="reviews__title">
        {m.heading}
      </h2>
      {r.count === 0 || r.average === null ? (
        <p className="reviews__none">{m.none}</p>
      ) : (
        <>
          <p className="reviews__summary" data-testid="reviews-summary">
            <Stars rating={r.average} label={fill(m.starsLabel, { rating: formatRating(r.average) })} />
            <strong>{fill(m.average, { average: formatRating(r.average) })}</strong>
            <span>{plural(m.count, r.count)}</span>
          </p>
          <SortLinks productID={productID} reviews={r} />
          <ol className="reviews__list">
            {r.items.map((item) => (
              <ReviewItem key={item.reviewID} review={item} />
            ))}
          </ol>
          <Pager productID={productID} reviews={r} />
        </>
      )}
    </section>
  );
}

function ReviewItem({ review }: { review: PublicReviewDto }) {
  return (
    <li className="review" data-testid="review">
      <div className="review__head">
        <Stars rating={review.rating} size="sm" label={fill(m.starsLabel, { rating: review.rating })} />
        <h3 className="review__title">{review.title}</h3>
      </div>
      <p className="review__meta">
        {review.authorName} · {m.verified} · {formatDate(review.createdAt.slice(0, 10))}
      </p>
      <p className="review__body">{review.body}</p>
      {review.reply && (
        <div className="review__reply" data-testid="review-reply">
          <p className="review__reply-label">{m.shopReply}</p>
          <p>{review.reply}</p>
        </div>
      )}
    </li>
  );
}

/** A link to a page and order of the reviews (real href; the router takes it over once the app is live). */
function ReviewsLink(props: {
  productID: number;
  page: number;
  sort: ProductReviewsDto['sort'];
  className?: string;
  current?: boolean;
  children: React.ReactNode;
}) {
  const search: ReviewSearch = {
    ...(props.page > 1 ? { reviews: props.page } : {}),
    ...(props.sort === 'highest' ? { reviewSort: 'highest' as const } : {}),
  };
  return (
    <Link
      to="/productDetails/$productID"
      params={{ productID: props.productID }}
      search={search}
      hash="reviews"
      resetScroll={false}
      className={props.className}
      aria-current={props.current ? 'true' : undefined}
    >
      {props.children}
    </Link>
  );
}

function SortLinks({ productID, reviews }: { productID: number; reviews: ProductReviewsDto }) {
  return (
    <nav className="reviews__sort" aria-label={m.sortLabel}>
      {(['newest', 'highest'] as const).map((sort) => (
        <ReviewsLink
          key={sort}
          productID={productID}
          page={1}
          sort={sort}
          current={reviews.sort === sort}
          className={`reviews__chip${reviews.sort === sort ? ' reviews__chip--on' : ''}`}
        >
          {sort === 'newest' ? m.newest : m.highest}
        </ReviewsLink>
      ))}
    </nav>
  );
}

function Pager({ productID, reviews }: { productID: number; reviews: ProductReviewsDto }) {
  const pages = Math.max(1, Math.ceil(reviews.count / reviews.pageSize));
  if (pages <= 1) return null;
  const { page, sort } = reviews;
  return (
    <nav className="reviews__pager" aria-label={m.heading}>
      {page > 1 ? (
        <ReviewsLink productID={productID} page={page - 1} sort={sort} className="button button--ghost">
          {m.previous}
        </ReviewsLink>
      ) : (
        <span />
      )}
      <span>{fill(m.pageOf, { page, pages })}</span>
      {page < pages ? (
        <ReviewsLink productID={productID} page={page + 1} sort={sort} className="button button--ghost">
          {m.next}
        </ReviewsLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
