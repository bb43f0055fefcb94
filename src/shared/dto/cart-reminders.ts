// Forgotten carts' answers (decision 275): the restore link's items, the guest's saved-cart key, the reports' figures.
import { z } from 'zod';
import { CartItemReply } from './checkout';

export const RestoredCartReply = z.object({ items: z.array(CartItemReply.omit({ cartItemId: true })) });
export type RestoredCartDto = z.infer<typeof RestoredCartReply>;

export const GuestCartSavedReply = z.object({ key: z.string().nullable() });

export const RemindersUnsubscribedReply = z.object({ unsubscribed: z.literal(true) });

/** The reports' forgotten-carts card: carts reminded in the period and their value, orders that came back after one. */
export const ForgottenCartsReply = z.object({
  carts: z.number(),
  value: z.number(),
  reminders: z.number(),
  recoveredOrders: z.number(),
  recoveredRevenue: z.number(),
  recoveryDays: z.number(),
});
export type ForgottenCartsDto = z.infer<typeof ForgottenCartsReply>;
