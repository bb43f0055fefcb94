// Number of products in the signed-in shopper's wishlist, for the header badge (0 for guests).
import { useWishlistItems } from './use-wishlist';

export function useWishlistCount(): number {
  return useWishlistItems().items.length;
}
