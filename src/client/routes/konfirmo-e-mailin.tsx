// /konfirmo-e-mailin?token=…: the e-mail change link sent to the new address (decision 259); works without signing in.
// The page reads its token itself (no search reader in the route: the storefront's first load carries every route's).
import { pages } from '#shared/pages';
import { createFileRoute } from '@tanstack/react-router';
import { EmailChangeConfirm } from '../features/accounts/email-change-confirm';
import { routeHead } from './-page-data';

export const Route = createFileRoute('/konfirmo-e-mailin')({
  head: routeHead(pages.emailChangeConfirm),
  component: EmailChangeConfirm,
});
