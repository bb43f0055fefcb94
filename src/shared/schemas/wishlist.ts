// Wishlist input schemas, shared by the heart toggle and the server.
import { z } from 'zod';
import { idSchema } from './numbers';

const id = idSchema();

export const AddWishlistItemInput = z.object({ userId: id, productId: id });
export type AddWishlistItemInput = z.infer<typeof AddWishlistItemInput>;

export const RemoveWishlistItemInput = z.object({ userId: id, productId: id });
export type RemoveWishlistItemInput = z.infer<typeof RemoveWishlistItemInput>;

export const WishlistOfUserInput = z.object({ userId: id });
export type WishlistOfUserInput = z.infer<typeof WishlistOfUserInput>;
