// The wishlist screen: saved products with picture, name, price, "Shto në shportë" and a remove button (with
// confirmation); empty state; a stacked layout below 480 px.
import { notify } from '#client/lib/notify';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { WishlistItemDto } from '#shared/dto/accounts';
import { messages, plural } from '#shared/messages';
import { wishlistMessages } from '#shared/messages/wishlist';
import { Price } from '#client/components/ui/price';
import { ProductImage } from '#client/components/ui/product-image';
import { ConfirmRemoveDialog } from './confirm-remove-dialog';
import { useWishlistItems, useWishlistMutations } from './use-wishlist';
import { useWishlistAddToCart } from './wishlist-add-to-cart';
import './wishlist.css';

type ToCart = ReturnType<typeof useWishlistAddToCart>;

/** Asks before taking a product off the list; the answer is a toast. */
function useConfirmedRemove(userId: number | null) {
  const { remove } = useWishlistMutations(userId);
  const [pending, setPending] = useState<WishlistItemDto | null>(null);
  const confirm = () => {
    if (!pending || !userId) return;
    const item = pending;
    setPending(null);
    remove.mutate(
      { userId, productId: item.productID },
      {
        onSuccess: () => notify.success(messages.wishlist.removed),
        onError: () => notify.error(wishlistMessages.wishlistPage.removeFailed),
      },
    );
  };
  return { pending, setPending, confirm };
}

/** `onAdded`: called with the variant put in the cart (the route opens its mini-cart). */
export function WishlistView({ onAdded }: { onAdded?: (variantId: number) => void }) {
  const { items, isLoading, userId } = useWishlistItems();
  const toCart = useWishlistAddToCart(onAdded);
  const { pending, setPending, confirm } = useConfirmedRemove(userId);
  return (
    <section className="wl-page" aria-labelledby="wl-title">
      <header className="wl-page__head">
        <h1 id="wl-title" className="wl-page__title">
          {wishlistMessages.wishlistPage.title}
        </h1>
        {items.length > 0 && (
          <p className="wl-page__count">{plural(wishlistMessages.wishlistPage.count, items.length)}</p>
        )}
      </header>
      {isLoading ? (
        <ul className="wl-list" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="wl-item wl-item--skeleton" aria-hidden="true" />
          ))}
        </ul>
      ) : items.length === 0 ? (
        <EmptyWishlist />
      ) : (
        <ul className="wl-list">
          {items.map((item) => (
            <WishlistRow key={item.productID} item={item} toCart={toCart} onRemove={() => setPending(item)} />
          ))}
        </ul>
      )}
      {pending && <ConfirmRemoveDialog name={pending.name} onConfirm={confirm} onCancel={() => setPending(null)} />}
    </section>
  );
}

function EmptyWishlist() {
  return (
    <div className="wl-empty" data-testid="wishlist-empty">
      <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4.5 7.2 4.5c2 0 3.5 1.1 4.8 2.8 1.3-1.7 2.8-2.8 4.8-2.8 3.3 0 5.6 3.1 4.4 6.6-1.7 4.8-9.2 9.4-9.2 9.4z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
        />
      </svg>
      <p className="wl-empty__text">{wishlistMessages.wishlistPage.empty}</p>
      <Link to="/products" className="button">
        {wishlistMessages.wishlistPage.browse}
      </Link>
    </div>
  );
}

function WishlistRow({ item, toCart, onRemove }: { item: WishlistItemDto; toCart: ToCart; onRemove: () => void }) {
  return (
    <li
      className={`wl-item${item.stockQuantity <= 0 ? ' wl-item--sold-out' : ''}`}
      data-testid="wishlist-item"
      data-product-id={item.productID}
    >
      <Link to="/productDetails/$productID" params={{ productID: item.productID }} className="wl-item__media">
        <ProductImage
          url={item.firstImage}
          size="small"
          alt={item.name}
          width={160}
          height={200}
          className="wl-item__img"
        />
        {item.stockQuantity <= 0 && <span className="wl-item__badge">{wishlistMessages.wishlistPage.soldOut}</span>}
      </Link>
      <div className="wl-item__body">
        {item.brand && <p className="wl-item__brand">{item.brand}</p>}
        <h2 className="wl-item__name">
          <Link to="/productDetails/$productID" params={{ productID: item.productID }}>
            {item.name}
          </Link>
        </h2>
        <Price price={item.price} discountedPrice={item.discountedPrice} />
      </div>
      <div className="wl-item__actions">
        <button
          type="button"
          className="button wl-item__add"
          disabled={item.stockQuantity <= 0 || toCart.busyId === item.productID}
          onClick={() => void toCart.add(item)}
          aria-label={`${wishlistMessages.wishlistPage.addToCart}: ${item.name}`}
          data-testid="wishlist-add-to-cart"
        >
          {wishlistMessages.wishlistPage.addToCart}
        </button>
        <button
          type="button"
          className="wl-item__remove"
          onClick={onRemove}
          aria-label={`${messages.wishlist.remove}: ${item.name}`}
          data-testid="wishlist-remove"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <span>{wishlistMessages.wishlistPage.removeButton}</span>
        </button>
      </div>
    </li>
  );
}
