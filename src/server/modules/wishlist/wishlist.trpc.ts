// tRPC procedures of the wishlist module: parse -> service -> DTO (owner checks live in the service).
import { AddWishlistItemInput, RemoveWishlistItemInput, WishlistOfUserInput } from '../../../shared/schemas/wishlist';
import { authedProcedure, router } from '../../trpc/init';
import * as service from './wishlist.service';

export const wishlistRouter = router({
  list: authedProcedure
    .input(WishlistOfUserInput)
    .query(({ ctx, input }) => service.listWishlist(ctx, ctx.actor, input)),
  add: authedProcedure
    .input(AddWishlistItemInput)
    .mutation(({ ctx, input }) => service.addToWishlist(ctx, ctx.actor, input)),
  remove: authedProcedure
    .input(RemoveWishlistItemInput)
    .mutation(({ ctx, input }) => service.removeFromWishlist(ctx, ctx.actor, input)),
});
