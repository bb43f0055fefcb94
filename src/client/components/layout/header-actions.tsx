// Wishlist and cart icon buttons with count badges (hidden on /profile and /account).
import { Link } from '@tanstack/react-router';
import { fill, messages } from '../../../shared/messages';
import { useCartCount } from '../../features/cart/cart-store';
import { useWishlistCount } from '../../features/wishlist/use-wishlist-count';
import { BagIcon, HeartIcon } from './icons';

export function HeaderActions() {
  const cart = useCartCount();
  const wishlist = useWishlistCount();
  return (
    <div className="header-actions">
      <Link to="/wishlist" className="icon-button" aria-label={fill(messages.nav.wishlistCount, { n: wishlist })}>
        <HeartIcon />
        {wishlist > 0 && (
          <span className="badge" aria-hidden="true" data-testid="wishlist-badge">
            {wishlist}
          </span>
        )}
      </Link>
      <Link to="/cart" className="icon-button" aria-label={fill(messages.nav.cartCount, { n: cart })}>
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
