// /dashboard/reviews: buyers' reviews waiting for approval, approved and hidden, with the shop's reply (decision 234).
import { createFileRoute } from '@tanstack/react-router';
import { ReviewsScreen } from '#client/features/reviews/reviews';

export const Route = createFileRoute('/dashboard/reviews')({ component: ReviewsScreen });
