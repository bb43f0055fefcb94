// Adds one unit of a chosen variant to the local cart after reading its live stock (the product page and the
// wishlist both use it), and reports with a toast. The server re-checks everything at checkout.
import type { ProductDto, ProductVariantDto } from '#shared/dto/catalog';
import { lineColour } from '#shared/colours';
import { productMessages } from '#shared/messages/product';
import { effectivePrice } from '../components/ui/price';
import { addToCart, readCart } from './cart-store';
import { notify } from './notify';
import { queryClient, trpc } from './trpc';

const m = productMessages;

/** 'added': the line is in the cart now; 'max-reached': it already holds all the stock; 'failed': nothing changed. */
export type AddVariantResult = 'added' | 'max-reached' | 'failed';

export async function addVariantToCart(
  product: ProductDto,
  variant: ProductVariantDto,
  imageUrl: string,
): Promise<AddVariantResult> {
  let live: { stockQuantity: number };
  try {
    live = await queryClient.fetchQuery({
      ...trpc.catalog.variant.queryOptions({ variantId: variant.variantID }),
      staleTime: 0,
    });
  } catch {
    notify.error(m.variantFailed, { topic: 'add-to-cart' });
    return 'failed';
  }
  try {
    const result = addToCart({
      productVariantId: variant.variantID,
      productId: product.productID,
      productName: product.name,
      productPrice: effectivePrice(product.price, product.discountedPrice),
      size: variant.sizeName,
      color: lineColour(variant),
      imageUrl,
      stockQuantity: live.stockQuantity,
    });
    if (result === 'max-reached') {
      notify.error(m.maxInCart, { topic: 'add-to-cart' });
      return readCart().some((i) => i.productVariantId === variant.variantID) ? 'max-reached' : 'failed';
    }
    notify.success(m.addedToCart, { topic: 'add-to-cart' });
    return 'added';
  } catch {
    notify.error(m.addToCartFailed, { topic: 'add-to-cart' });
    return 'failed';
  }
}
