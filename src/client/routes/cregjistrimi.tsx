// /cregjistrimi?token=…: the back-in-stock e-mail's unsubscribe link (decision 233); works without signing in. The
// page reads its token itself (no search reader in the route: the storefront's first load carries every route's).
import { pages } from '#shared/pages';
import { createFileRoute } from '@tanstack/react-router';
import { BackInStockUnsubscribe } from '../features/back-in-stock/back-in-stock-link-pages';
import { routeHead } from './-page-data';

export const Route = createFileRoute('/cregjistrimi')({
  head: routeHead(pages.backInStockUnsubscribe),
  component: BackInStockUnsubscribe,
});
