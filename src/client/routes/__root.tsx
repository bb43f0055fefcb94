// Root route: the storefront shell (header, footer, chat) around every page; the dashboard brings its own.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import type { trpc } from '../lib/trpc';
import { AppShell } from '../components/layout/app-shell';
import { NotFoundView } from '../components/ui/not-found-view';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: typeof trpc;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: () => <NotFoundView />,
});

function RootComponent() {
  return (
    <>
      <AppShell>
        <Outlet />
      </AppShell>
      <Toaster position="top-right" duration={5000} richColors closeButton />
    </>
  );
}
