// "Shto në shportë" from the wishlist: a product with one variant in stock goes straight into the cart; one
// with a choice of colour or size opens its page, where the pickers are.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { WishlistItemDto } from '#shared/dto/accounts';
import { productMessages } from '#shared/messages/product';
import { wishlistMessages } from '#shared/messages/wishlist';
import { addVariantToCart } from '#client/lib/add-variant';
import { notify } from '#client/lib/notify';
import { queryClient, trpc } from '#client/lib/trpc';

export function useWishlistAddToCart(onAdded?: (variantId: number) => void) {
  const navigate = useNavigate();
  const [busyId, setBusyId] = useState<number | null>(null);

  const add = async (item: WishlistItemDto) => {
    setBusyId(item.productID);
    try {
      const product = await queryClient.fetchQuery({
        ...trpc.catalog.product.queryOptions({ productID: item.productID }),
        staleTime: 0,
      });
      const inStock = product.productVariants.filter((v) => v.stockQuantity > 0);
      if (inStock.length === 0) return notify.error(wishlistMessages.wishlistPage.soldOutNow, { topic: 'add-to-cart' });
      if (inStock.length > 1) {
        notify.info(wishlistMessages.wishlistPage.chooseOptions, { topic: 'add-to-cart' });
        return void navigate({ to: '/productDetails/$productID', params: { productID: item.productID } });
      }
      const variant = inStock[0]!;
      const result = await addVariantToCart(product, variant, item.firstImage ?? '');
      if (result !== 'failed') onAdded?.(variant.variantID);
    } catch {
      notify.error(productMessages.addToCartFailed, { topic: 'add-to-cart' });
    } finally {
      setBusyId(null);
    }
  };

  return { add, busyId };
}
