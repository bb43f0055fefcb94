// Review answers (decision 234).
import type { ReviewSort, ReviewStatus } from '../reviews';

/** An approved review as the product page shows it (the author as "Arta K."; no e-mail, no order). */
export interface PublicReviewDto {
  reviewID: number;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
}

/** A product's approved reviews, a page at a time, with their average and count (null average: none yet). */
export interface ProductReviewsDto {
  productID: number;
  average: number | null;
  count: number;
  page: number;
  pageSize: number;
  sort: ReviewSort;
  items: PublicReviewDto[];
}

/** A product of an order as the review page lists it: reviewable, or the state of the buyer's review of it. */
export interface OrderReviewLineDto {
  productID: number;
  name: string;
  image: string | null;
  /** False for a product no longer sold (deleted): nothing to review. */
  available: boolean;
  review: { rating: number; title: string; status: ReviewStatus } | null;
}

export interface OrderReviewsDto {
  orderId: number;
  orderNumber: string;
  delivered: boolean;
  lines: OrderReviewLineDto[];
}

/** A review as staff see it. */
export interface StaffReviewDto extends PublicReviewDto {
  productID: number;
  productName: string;
  orderId: number | null;
  orderNumber: string | null;
  status: ReviewStatus;
}

export interface StaffReviewsPageDto {
  items: StaffReviewDto[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<ReviewStatus, number>;
}
