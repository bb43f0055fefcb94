// /wishlist: the saved products. Without an auth token the login modal shows, then /account after 1.5 s.
import { pages } from '#shared/pages';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { MiniCartDrawer } from '../features/cart/mini-cart-drawer';
import { LoginRequiredModal } from '../features/wishlist/login-required-modal';
import { useLoginRedirect } from '../features/wishlist/use-login-redirect';
import { WishlistView } from '../features/wishlist/wishlist-view';
import { ensureSession, useSession } from '../lib/session';
import { routeHead } from './-page-data';

export const Route = createFileRoute('/wishlist')({
  // Renew an expired token first, so a returning customer is not sent away for nothing.
  beforeLoad: async () => {
    await ensureSession();
  },
  head: routeHead(pages.wishlist),
  component: WishlistPage,
});

function WishlistPage() {
  const session = useSession();
  const guest = useLoginRedirect();
  const [checked, setChecked] = useState(false);
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (!session) guest.trigger();
    setChecked(true);
  }, [session, guest]);
  if (!session) return checked && guest.open ? <LoginRequiredModal /> : null;
  return (
    <>
      <WishlistView onAdded={setAdded} />
      <MiniCartDrawer variantId={added} onClose={() => setAdded(null)} />
    </>
  );
}
