// tRPC procedures of the cart module (signed-in shoppers' server cart): parse -> service -> DTO.
import {
  AddCartItemInput,
  MergeCartInput,
  RemoveCartItemInput,
  SetCartQuantityInput,
} from '../../../shared/schemas/cart';
import { authedProcedure, router } from '../../trpc/init';
import { addItem, listCart, mergeCart, removeItem, setItemQuantity } from './cart.service';

export const cartRouter = router({
  list: authedProcedure.query(({ ctx }) => listCart(ctx, ctx.actor)),
  add: authedProcedure.input(AddCartItemInput).mutation(({ ctx, input }) => addItem(ctx, ctx.actor, input)),
  setQuantity: authedProcedure
    .input(SetCartQuantityInput)
    .mutation(({ ctx, input }) => setItemQuantity(ctx, ctx.actor, input)),
  remove: authedProcedure.input(RemoveCartItemInput).mutation(async ({ ctx, input }) => {
    await removeItem(ctx, ctx.actor, input);
    return { cartItemId: input.cartItemId };
  }),
  merge: authedProcedure.input(MergeCartInput).mutation(({ ctx, input }) => mergeCart(ctx, ctx.actor, input)),
});
