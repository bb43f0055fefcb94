// /checkout: the spec's older standalone checkout is gone (decision 215). Its address leads to the one real checkout:
// the cart with the checkout overlay open (`/cart?checkout=true`), priced by the shopper's country.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { pages } from '#shared/pages';
import { routeHead } from './-page-data';

export const Route = createFileRoute('/checkout')({
  beforeLoad: () => {
    throw redirect({ to: '/cart', search: { checkout: true }, replace: true });
  },
  head: routeHead(pages.checkout),
});
