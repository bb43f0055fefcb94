// The heart toggle on product cards and the product page: adds or removes the product from the wishlist;
// guests get the login modal and go to /account after 1.5 s, and the tap is saved after that login (decision 215).
import { notify } from '#client/lib/notify';
import { messages } from '#shared/messages';
import { readError } from '#client/lib/api-error';
import { useSession } from '#client/lib/session';
import { LoginRequiredModal } from './login-required-modal';
import { rememberHeart } from './pending-heart';
import { useLoginRedirect } from './use-login-redirect';
import { useWishlistIds, useWishlistMutations } from './use-wishlist';
import './wishlist.css';

interface HeartProps {
  productId: number;
  variant?: 'card' | 'detail';
}

/**
 * The server renders every page as a guest sees it (no session, no wishlist: decision 194), so it renders the heart's
 * button alone, without the query, the two mutations and the login redirect each heart runs in the browser: a card's
 * heart was about 5 % of an uncached listing or product page's render (issue 38). `import.meta.env.SSR` is a
 * constant of each build: the browser's bundle keeps only the live heart, whose first render is the same button.
 */
export function WishlistHeart(props: HeartProps) {
  return import.meta.env.SSR ? (
    <HeartButton saved={false} variant={props.variant ?? 'card'} />
  ) : (
    <LiveHeart {...props} />
  );
}

function HeartButton({
  saved,
  variant,
  onClick,
}: {
  saved: boolean;
  variant: string;
  onClick?: (e: React.MouseEvent) => void;
}) {
  return (
    <button
      type="button"
      className={`wl-heart wl-heart--${variant}${saved ? ' wl-heart--on' : ''}`}
      aria-pressed={saved}
      aria-label={saved ? messages.wishlist.remove : messages.wishlist.add}
      title={saved ? messages.wishlist.remove : messages.wishlist.add}
      onClick={onClick}
      data-testid="wishlist-heart"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4.5 7.2 4.5c2 0 3.5 1.1 4.8 2.8 1.3-1.7 2.8-2.8 4.8-2.8 3.3 0 5.6 3.1 4.4 6.6-1.7 4.8-9.2 9.4-9.2 9.4z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

function LiveHeart({ productId, variant = 'card' }: HeartProps) {
  const session = useSession();
  const ids = useWishlistIds();
  const { add, remove } = useWishlistMutations(session?.userId ?? null);
  const guest = useLoginRedirect();
  const saved = ids.has(productId);
  const busy = add.isPending || remove.isPending;

  const onClick = (e: React.MouseEvent) => {
    // Cards sit inside links: the heart must not open the product.
    e.preventDefault();
    e.stopPropagation();
    if (!session?.token || !session.userId) {
      rememberHeart(productId);
      return guest.trigger();
    }
    if (busy) return;
    const vars = { userId: session.userId, productId };
    (saved ? remove : add).mutate(vars, {
      onSuccess: () =>
        notify.success(saved ? messages.wishlist.removed : messages.wishlist.added, { topic: 'wishlist' }),
      onError: (err) =>
        notify.error(
          readError(err, messages.wishlist.failed).status === 401
            ? messages.common.sessionExpired
            : messages.wishlist.error,
          { topic: 'wishlist' },
        ),
    });
  };

  return (
    <>
      <HeartButton saved={saved} variant={variant} onClick={onClick} />
      {guest.open && <LoginRequiredModal savedAfterLogin />}
    </>
  );
}
