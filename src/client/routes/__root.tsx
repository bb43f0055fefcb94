// Root route: the storefront shell (header, footer, chat) around every page; the dashboard brings its own.
// It composes the shell with the features the header shows (search, cart and wishlist counts), so the shell
// itself imports no feature.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, type ErrorComponentProps } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import type { trpc } from '../lib/trpc';
import { AppShell } from '../components/layout/app-shell';
import { DocumentHead } from '../components/layout/document-head';
import { HeaderActions } from '../components/layout/header-actions';
import type { HeaderSlots } from '../components/layout/site-header';
import { useCartCount } from '../lib/cart-store';
import { SearchBox } from '../features/catalog/search-box';
import { useWishlistCount } from '../features/wishlist/use-wishlist-count';
import { usePendingHeart } from '../features/wishlist/pending-heart';
import { NotFoundView } from '../components/ui/not-found-view';
import { RouteError } from '../components/layout/route-error';
import { LazyToaster } from '../components/layout/lazy-toaster';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: typeof trpc;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: () => <NotFoundView />,
  // A page's failure shows inside its shell (the router's defaultErrorComponent); this is the shell's own.
  errorComponent: RootError,
});

function RootError(props: ErrorComponentProps) {
  return (
    <AppShell header={headerSlots}>
      <RouteError {...props} />
    </AppShell>
  );
}

function HeaderCounts() {
  return <HeaderActions cart={useCartCount()} wishlist={useWishlistCount()} />;
}

const headerSlots: HeaderSlots = {
  search: (className) => <SearchBox className={className} />,
  actions: <HeaderCounts />,
};

/** A heart tapped before login is saved once signed in, on whatever page the login leads to (decision 215). */
function PendingHeart() {
  usePendingHeart();
  return null;
}

function RootComponent() {
  return (
    <>
      <PendingHeart />
      <DocumentHead />
      <AppShell header={headerSlots}>
        <Outlet />
      </AppShell>
      {/* Top-right as the spec says, below the sticky header so the account, wishlist and cart icons stay visible. */}
      <LazyToaster
        position="top-right"
        duration={5000}
        richColors
        closeButton
        offset={{ top: 84, right: 16 }}
        mobileOffset={{ top: 122, right: 12, left: 12 }}
        containerAriaLabel={messages.common.notifications}
        toastOptions={{ closeButtonAriaLabel: messages.common.closeNotification }}
      />
    </>
  );
}
