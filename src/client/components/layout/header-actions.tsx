// Wishlist and cart icon buttons with count badges, on every storefront page (/account and /profile too, issue 25).
// The counts come from the root route, which composes the cart and wishlist features with the shell.
import { Link } from '@tanstack/react-router';
import { messages, plural } from '#shared/messages';
import { BagIcon, HeartIcon } from './icons';

export function HeaderActions({ cart, wishlist }: { cart: number; wishlist: number }) {
  return (
    <div className="header-actions">
      <Link to="/wishlist" className="icon-button" aria-label={plural(messages.nav.wishlistCount, wishlist)}>
        <HeartIcon />
        {wishlist > 0 && (
          <span className="badge" aria-hidden="true" data-testid="wishlist-badge">
            {wishlist}
          </span>
        )}
      </Link>
      <Link to="/cart" className="icon-button" aria-label={plural(messages.nav.cartCount, cart)}>
        <BagIcon />
        {cart > 0 && (
          <span className="badge" aria-hidden="true" data-testid="cart-badge">
            {cart}
          </span>
        )}
      </Link>
    </div>
  );
}
