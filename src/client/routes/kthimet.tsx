// /kthimet: "Kthimet dhe ndërrimet", the returns and exchanges policy (decision 235), server-rendered, linked from the
// footer. Its screen has no form: the request form lives on the order page, loaded only there.
import { pages } from '#shared/pages';
import { createFileRoute } from '@tanstack/react-router';
import { ReturnPolicy } from '../features/returns/return-policy';
import { routeHead } from './-page-data';

export const Route = createFileRoute('/kthimet')({
  head: routeHead(pages.returnPolicy),
  component: ReturnPolicy,
});
