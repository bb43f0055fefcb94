// A heart a guest tapped is remembered for the login it leads to (decision 215): the tap stores the product in this
// tab's session storage, and once a session exists (login, sign-up or social login, on whatever page the login
// returns to) the app saves it to the wishlist, once. A remembered tap older than PENDING_HEART_TTL_MS is dropped:
// a login much later is not the one the tap led to.
import { useEffect } from 'react';
import { messages } from '#shared/messages';
import { notify } from '#client/lib/notify';
import { useSession } from '#client/lib/session';
import { useWishlistMutations } from './use-wishlist';

const KEY = 'butiku:pendingWishlist';
const PENDING_HEART_TTL_MS = 30 * 60_000;

export function rememberHeart(productId: number): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ productId, at: Date.now() }));
  } catch {
    // Storage refused (private mode, full): the tap is simply not remembered.
  }
}

/** The remembered tap, removed as it is read (so two readers never save it twice); null when none or stale. */
function takeHeart(): number | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    sessionStorage.removeItem(KEY);
    const v = JSON.parse(raw) as { productId?: unknown; at?: unknown };
    const fresh = typeof v.at === 'number' && Date.now() - v.at <= PENDING_HEART_TTL_MS;
    return fresh && typeof v.productId === 'number' && Number.isInteger(v.productId) && v.productId > 0
      ? v.productId
      : null;
  } catch {
    return null;
  }
}

/** Mounted once in the app shell: saves a remembered heart as soon as the shopper is signed in. */
export function usePendingHeart(): void {
  const session = useSession();
  const userId = session?.userId || null;
  const { add } = useWishlistMutations(userId);
  const { mutate } = add;
  useEffect(() => {
    if (!userId) return;
    const productId = takeHeart();
    if (productId === null) return;
    mutate(
      { userId, productId },
      {
        onSuccess: () => notify.success(messages.wishlist.added, { topic: 'wishlist' }),
        onError: () => notify.error(messages.wishlist.error, { topic: 'wishlist' }),
      },
    );
  }, [userId, mutate]);
}
