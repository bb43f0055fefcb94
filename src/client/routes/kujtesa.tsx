// /kujtesa?token=…: a forgotten-cart reminder's link restores the cart's items in this browser; with &ndalo=1 it is
// the reminder's one-click unsubscribe, without signing in (decision 275). One route for both: the storefront's first
// load carries every route's declaration.
import { pages } from '#shared/pages';
import { createFileRoute } from '@tanstack/react-router';
import { CartReminderLinkPage } from '../features/cart-reminders/cart-reminder-pages';
import { routeHead } from './-page-data';

export const Route = createFileRoute('/kujtesa')({
  head: routeHead(pages.cartReminderLink),
  component: CartReminderLinkPage,
});
