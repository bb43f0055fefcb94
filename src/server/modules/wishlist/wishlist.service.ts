// Wishlist rules: only the owner reads and changes a wishlist; adding twice keeps one entry; prices as the catalogue shows them.
import type { WishlistItemDto } from '#shared/dto/accounts';
import { messages } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { wishlistMessages } from '#shared/messages/wishlist';
import { centsToEuros } from '#shared/money';
import type { AddWishlistItemInput, RemoveWishlistItemInput, WishlistOfUserInput } from '#shared/schemas/wishlist';
import type { AppDeps } from '#server/deps';
import { AppError, notFound } from '#server/errors';
import { requireActor } from '../accounts';
import type { Actor } from '../accounts';
import { activeDiscountPercentages, activeProductSummaries, discountedPriceCents, isActiveProduct } from '../catalog';
import { imageUrl } from '../media';
import * as q from './wishlist.queries';

/** The signed-in user, who must be the owner of the wishlist addressed (staff included: a wishlist is private). */
function owner(actor: Actor | null, userId: number): Actor {
  const a = requireActor(actor);
  if (a.userId !== userId) throw new AppError('FORBIDDEN', wishlistMessages.wishlistPage.notOwner);
  return a;
}

export async function listWishlist(
  deps: AppDeps,
  actor: Actor | null,
  input: WishlistOfUserInput,
): Promise<WishlistItemDto[]> {
  const { userId } = input;
  owner(actor, userId);
  const saved = await q.wishlistRows(deps.db, userId);
  const ids = saved.map((r) => r.product_id);
  const [products, discounts] = await Promise.all([
    activeProductSummaries(deps, ids),
    activeDiscountPercentages(deps.db, ids),
  ]);
  return saved.flatMap((r) => {
    const p = products.get(r.product_id);
    if (!p) return []; // hidden or deleted products are not shown (decision 202)
    const pct = discounts.get(p.productId);
    return [
      {
        productID: p.productId,
        name: p.name,
        brand: p.brand,
        price: centsToEuros(p.priceCents),
        discountedPrice: pct ? centsToEuros(discountedPriceCents(p.priceCents, pct)) : null,
        firstImage: p.firstImage ? imageUrl(p.firstImage) : null,
        stockQuantity: p.stock,
        addedAt: r.created_at,
      },
    ];
  });
}

export async function addToWishlist(
  deps: AppDeps,
  actor: Actor | null,
  input: AddWishlistItemInput,
): Promise<{ Message: string; productID: number }> {
  owner(actor, input.userId);
  if (!(await isActiveProduct(deps, input.productId))) throw notFound(productMessages.notFound);
  await q.insertItem(deps.db, input.userId, input.productId);
  return { Message: messages.wishlist.added, productID: input.productId };
}

export async function removeFromWishlist(
  deps: AppDeps,
  actor: Actor | null,
  input: RemoveWishlistItemInput,
): Promise<{ Message: string; productID: number }> {
  owner(actor, input.userId);
  // Removing what is not there is already the wanted state, so it succeeds too (a double click must not show an error).
  await q.deleteItem(deps.db, input.userId, input.productId);
  return { Message: messages.wishlist.removed, productID: input.productId };
}
