// The signed-in shopper's wishlist: one cached query shared by the page, every heart and the header badge,
// and add/remove changes that update it optimistically.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { WishlistItemDto } from '#shared/dto/accounts';
import { useSession } from '#client/lib/session';
import { trpc, trpcClient } from '#client/lib/trpc';

export function wishlistQuery(userId: number) {
  return trpc.wishlist.list.queryOptions({ userId }, { staleTime: 60_000 });
}

/** The list (empty for guests; a failed load also reads as empty, as the spec says). */
export function useWishlistItems(): {
  items: WishlistItemDto[];
  isLoading: boolean;
  isError: boolean;
  userId: number | null;
} {
  const session = useSession();
  const userId = session?.userId || null;
  const query = useQuery({ ...wishlistQuery(userId ?? 0), enabled: userId !== null });
  return {
    items: userId ? (query.data ?? []) : [],
    isLoading: userId !== null && query.isLoading,
    isError: query.isError,
    userId,
  };
}

export function useWishlistIds(): Set<number> {
  const { items } = useWishlistItems();
  return useMemo(() => new Set(items.map((i) => i.productID)), [items]);
}

interface ChangeCallbacks {
  onSuccess?: () => void;
  onError?: (err: unknown) => void;
}

type ChangeVars = { userId: number; productId: number };
type ListChange = (list: WishlistItemDto[], productId: number) => WishlistItemDto[];

/**
 * One change of the list: the cached list changed at once (`change`), the server asked (`send`), the list restored
 * if it says no, then read again. Written here rather than with React Query's useMutation: the hearts are on every
 * card, and its observer was about 0.7 KB of every storefront first load (vite.config.ts, LATER_PARTS). `mutate`
 * keeps its identity for an account (`change` and `send` are module functions).
 */
function useListChange(userId: number | null, change: ListChange, send: (vars: ChangeVars) => Promise<unknown>) {
  const qc = useQueryClient();
  const [pending, setPending] = useState(0);
  const mutate = useCallback(
    async (vars: ChangeVars, { onSuccess, onError }: ChangeCallbacks = {}) => {
      const queryKey = wishlistQuery(userId ?? 0).queryKey;
      setPending((n) => n + 1);
      await qc.cancelQueries({ queryKey });
      const previous = qc.getQueryData<WishlistItemDto[]>(queryKey);
      if (previous) qc.setQueryData(queryKey, change(previous, vars.productId));
      try {
        await send(vars);
        onSuccess?.();
      } catch (err) {
        if (previous) qc.setQueryData(queryKey, previous);
        onError?.(err);
      } finally {
        setPending((n) => n - 1);
        void qc.invalidateQueries({ queryKey });
      }
    },
    [qc, userId, change, send],
  );
  return { mutate, isPending: pending > 0 };
}

/** A placeholder row keeps the heart filled until the real row (with price and picture) arrives. */
const withPlaceholder: ListChange = (list, productId) =>
  list.some((i) => i.productID === productId)
    ? list
    : [
        {
          productID: productId,
          name: '',
          brand: null,
          price: 0,
          discountedPrice: null,
          firstImage: null,
          stockQuantity: 0,
          addedAt: new Date().toISOString(),
        },
        ...list,
      ];

const without: ListChange = (list, productId) => list.filter((i) => i.productID !== productId);
const sendAdd = (vars: ChangeVars) => trpcClient.wishlist.add.mutate(vars);
const sendRemove = (vars: ChangeVars) => trpcClient.wishlist.remove.mutate(vars);

/** Add and remove, with the cached list changed at once and restored if the server says no. */
export function useWishlistMutations(userId: number | null) {
  return { add: useListChange(userId, withPlaceholder, sendAdd), remove: useListChange(userId, without, sendRemove) };
}
