// /konfirmo-njoftimin?token=…: the back-in-stock confirmation e-mail's link (decision 239); works without signing in.
// The page reads its token itself (no search reader in the route: the storefront's first load carries every route's).
import { pages } from '#shared/pages';
import { createFileRoute } from '@tanstack/react-router';
import { BackInStockConfirm } from '../features/back-in-stock/back-in-stock-link-pages';
import { routeHead } from './-page-data';

export const Route = createFileRoute('/konfirmo-njoftimin')({
  head: routeHead(pages.backInStockConfirm),
  component: BackInStockConfirm,
});
