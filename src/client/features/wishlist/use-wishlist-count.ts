// Number of products in the signed-in shopper's wishlist, for the header badge.
// The wishlist work (accounts helper) owns this file and reads the real list here.
export function useWishlistCount(): number {
  return 0;
}
