// /stilet: the looks page (issue 37, decision 276), server-rendered from the page's declaration (src/shared/pages.ts).
import { createFileRoute } from '@tanstack/react-router';
import { pages } from '#shared/pages';
import { lookMessages } from '#shared/messages/looks';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { LooksPage } from '../features/looks/looks-page';
import { loadFirstView } from './-page-data';

export const Route = createFileRoute('/stilet')({
  loader: ({ context }) => loadFirstView(context, pages.looks.firstView, {}, {}),
  component: StiletPage,
});

function StiletPage() {
  useDocumentTitle(lookMessages.pageTitle);
  return <LooksPage />;
}
