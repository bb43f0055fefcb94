// The wishlist module's operations (decision 211); owner checks live in the service.
import { AddWishlistItemInput, RemoveWishlistItemInput, WishlistOfUserInput } from '#shared/schemas/wishlist';
import { mutation, query } from '#server/operations/define';

const WishlistChange = z.object({ Message: z.string(), productID: z.number() });
import * as service from './wishlist.service';
import { WishlistItemReply } from '#shared/dto/accounts';
import { z } from 'zod';

export const wishlistOperations = {
  list: query({
    access: 'signedIn',
    output: z.array(WishlistItemReply),
    input: WishlistOfUserInput,
    run: (caller, input) => service.listWishlist(caller, caller.actor, input),
    rest: { method: 'GET', path: '/wishlist/user/:userId', input: (req) => ({ userId: req.param('userId') }) },
  }),
  add: mutation({
    access: 'signedIn',
    output: WishlistChange,
    input: AddWishlistItemInput,
    run: (caller, input) => service.addToWishlist(caller, caller.actor, input),
    rest: { method: 'POST', path: '/wishlist/add' },
  }),
  remove: mutation({
    access: 'signedIn',
    output: WishlistChange,
    input: RemoveWishlistItemInput,
    run: (caller, input) => service.removeFromWishlist(caller, caller.actor, input),
    rest: {
      method: 'DELETE',
      path: '/wishlist/remove/:userId/:productId',
      input: (req) => ({ userId: req.param('userId'), productId: req.param('productId') }),
    },
  }),
};
