// The signed-in shopper's wishlist: one cached query shared by the page, every heart and the header badge,
// and add/remove mutations that update it optimistically.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { WishlistItemDto } from '#shared/dto/accounts';
import { useSession } from '#client/lib/session';
import { trpc } from '#client/lib/trpc';

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

/** Add and remove, with the cached list changed at once and restored if the server says no. */
export function useWishlistMutations(userId: number | null) {
  const qc = useQueryClient();
  const key = wishlistQuery(userId ?? 0).queryKey;
  const snapshot = async () => {
    await qc.cancelQueries({ queryKey: key });
    return qc.getQueryData<WishlistItemDto[]>(key);
  };
  const add = useMutation(
    trpc.wishlist.add.mutationOptions({
      onMutate: async (vars) => {
        const previous = await snapshot();
        // A placeholder row keeps the heart filled until the real row (with price and picture) arrives.
        if (previous && !previous.some((i) => i.productID === Number(vars.productId))) {
          qc.setQueryData<WishlistItemDto[]>(key, [
            {
              productID: Number(vars.productId),
              name: '',
              brand: null,
              price: 0,
              discountedPrice: null,
              firstImage: null,
              stockQuantity: 0,
              addedAt: new Date().toISOString(),
            },
            ...previous,
          ]);
        }
        return { previous };
      },
      onError: (_e, _v, ctx) => {
        if (ctx?.previous) qc.setQueryData(key, ctx.previous);
      },
      onSettled: () => qc.invalidateQueries({ queryKey: key }),
    }),
  );
  const remove = useMutation(
    trpc.wishlist.remove.mutationOptions({
      onMutate: async (vars) => {
        const previous = await snapshot();
        if (previous)
          qc.setQueryData<WishlistItemDto[]>(
            key,
            previous.filter((i) => i.productID !== Number(vars.productId)),
          );
        return { previous };
      },
      onError: (_e, _v, ctx) => {
        if (ctx?.previous) qc.setQueryData(key, ctx.previous);
      },
      onSettled: () => qc.invalidateQueries({ queryKey: key }),
    }),
  );
  return { add, remove };
}
