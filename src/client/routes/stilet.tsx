// /stilet: the looks page (issue 37, decision 276), server-rendered from the page's declaration (src/shared/pages.ts).
import { createFileRoute } from '@tanstack/react-router';
import { pages } from '#shared/pages';
import { LooksPage } from '../features/looks/looks-page';
import { loadFirstView, routeHead } from './-page-data';

export const Route = createFileRoute('/stilet')({
  loader: (args) => loadFirstView(args, pages.looks.firstView, {}, {}),
  head: routeHead(pages.looks),
  component: StiletPage,
});

function StiletPage() {
  return <LooksPage />;
}
