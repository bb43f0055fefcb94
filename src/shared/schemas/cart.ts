// Server-cart input schemas (signed-in shoppers): add, set quantity, remove, merge a guest cart.
import { z } from 'zod';
import { messages } from '../messages';
import { cartMessages } from '../messages/cart';
import { idSchema } from './numbers';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, quantitySchema } from './checkout';

const id = (message: string) => idSchema(message);

/** POST /api/cartitems and cart.add: adds `quantity` units of a variant (other local-cart fields are ignored). */
export const AddCartItemInput = z.object({
  productVariantId: id(cartMessages.cart.unknownVariant),
  quantity: quantitySchema.optional().default(1),
});
export type AddCartItemInput = z.infer<typeof AddCartItemInput>;

export const SetCartQuantityInput = z.object({
  cartItemId: id(messages.common.invalidId),
  quantity: quantitySchema,
});
export type SetCartQuantityInput = z.infer<typeof SetCartQuantityInput>;

export const RemoveCartItemInput = z.object({ cartItemId: id(messages.common.invalidId) });
export type RemoveCartItemInput = z.infer<typeof RemoveCartItemInput>;

/**
 * cart.merge: lines kept in the browser merged into the user's server cart. `add` (a guest cart's lines) adds the
 * quantity; `atLeast` (the shopper's own lines the server has not confirmed, whose add may have arrived before a
 * reload cut off its answer) raises the line to the quantity and never adds it twice.
 */
export const MergeCartInput = z.object({
  items: z
    .array(
      z.object({
        productVariantId: id(cartMessages.cart.unknownVariant),
        quantity: z
          .number()
          .int()
          .min(1)
          .max(MAX_LINE_QUANTITY * 10),
        mode: z.enum(['add', 'atLeast']).default('add'),
      }),
    )
    .max(MAX_CART_LINES),
});
export type MergeCartInput = z.infer<typeof MergeCartInput>;
