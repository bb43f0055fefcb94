// The cart module's operations (signed-in shoppers' server cart, decision 211).
//   GET /api/cartitems, POST /api/cartitems (only productVariantId and quantity are used), DELETE /api/cartitems/:id.
import { AddCartItemInput, MergeCartInput, RemoveCartItemInput, SetCartQuantityInput } from '#shared/schemas/cart';
import { mutation, query } from '#server/operations/define';
import { pathIds } from '#server/operations/rest-shapes';
import { addItem, listCart, mergeCart, removeItem, setItemQuantity } from './cart.service';
import { CartItemReply } from '#shared/dto/checkout';
import { z } from 'zod';

export const cartOperations = {
  list: query({
    access: 'signedIn',
    output: z.array(CartItemReply),
    run: (caller) => listCart(caller, caller.actor),
    rest: { method: 'GET', path: '/cartitems' },
  }),
  add: mutation({
    access: 'signedIn',
    output: CartItemReply,
    input: AddCartItemInput,
    run: (caller, input) => addItem(caller, caller.actor, input),
    rest: { method: 'POST', path: '/cartitems', status: 201 },
  }),
  setQuantity: mutation({
    access: 'signedIn',
    output: CartItemReply,
    input: SetCartQuantityInput,
    run: (caller, input) => setItemQuantity(caller, caller.actor, input),
  }),
  remove: mutation({
    access: 'signedIn',
    output: z.object({ cartItemId: z.number() }),
    input: RemoveCartItemInput,
    run: async (caller, input) => {
      await removeItem(caller, caller.actor, input);
      return { cartItemId: input.cartItemId };
    },
    rest: { method: 'DELETE', path: '/cartitems/:id', status: 204, input: pathIds({ cartItemId: 'id' }) },
  }),
  merge: mutation({
    access: 'signedIn',
    output: z.array(CartItemReply),
    input: MergeCartInput,
    run: (caller, input) => mergeCart(caller, caller.actor, input),
  }),
};
