// "Shto Në Shportë" / "Blej Tani" on the product page: check the chosen variant, read its live stock, add it
// to the local cart (capped at stock) and report with a toast; Buy Now then goes to the cart.
import { notify } from '../../lib/notify';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProductDto } from '../../../shared/dto/catalog';
import { messages } from '../../../shared/messages';
import { effectivePrice } from '../../components/ui/price';
import { addToCart, readCart } from '../../lib/cart-store';
import { trpc } from '../../lib/trpc';
import { chooseVariant, galleryImages } from './variant-options';

const m = messages.product;

export function useAddToCart(product: ProductDto, sizeID: number | null, colorID: number | null) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const add = async (then?: () => void) => {
    const choice = chooseVariant(product, sizeID, colorID);
    if (!choice.ok) {
      notify.error(choice.reason === 'select' ? m.selectSizeAndColor : choice.reason === 'invalid' ? m.invalidChoice : m.variantNotFound, { topic: 'add-to-cart' });
      return;
    }
    setBusy(true);
    try {
      let live: { stockQuantity: number };
      try {
        live = await queryClient.fetchQuery({ ...trpc.catalog.variant.queryOptions({ variantId: choice.variant.variantID }), staleTime: 0 });
      } catch {
        notify.error(m.variantFailed, { topic: 'add-to-cart' });
        return;
      }
      const v = choice.variant;
      const result = addToCart({
        productVariantId: v.variantID,
        productId: product.productID,
        productName: product.name,
        productPrice: effectivePrice(product.price, product.discountedPrice),
        size: v.sizeName,
        color: v.colorName,
        imageUrl: galleryImages(product, v.colorID, 1)[0] ?? '',
        stockQuantity: live.stockQuantity,
      });
      if (result === 'max-reached') {
        notify.error(m.maxInCart, { topic: 'add-to-cart' });
        if (then && readCart().some((i) => i.productVariantId === v.variantID)) then();
        return;
      }
      notify.success(m.addedToCart, { topic: 'add-to-cart' });
      then?.();
    } catch {
      notify.error(m.addToCartFailed, { topic: 'add-to-cart' });
    } finally {
      setBusy(false);
    }
  };

  return { add, busy };
}
