// Forgotten carts' inputs (decision 275): a consenting guest's cart saved at checkout, the restore and unsubscribe
// links' token.
import { z } from 'zod';
import { cartMessages } from '../messages/cart';
import { cartReminderMessages } from '../messages/cart-reminders';
import { checkoutMessages } from '../messages/checkout';
import { idSchema } from './numbers';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './checkout';

const m = checkoutMessages.checkout;
const badLink = cartReminderMessages.restore.badLink;
const linkToken = z.string({ message: badLink }).trim().min(1, badLink).max(200, badLink);

/**
 * cartReminders.saveGuest: the checkout's consent box ticked (consent true) with an address, and the guest's lines;
 * `key` is what the first save answered (her browser keeps it). consent false forgets the saved cart.
 */
export const SaveGuestCartInput = z.object({
  email: z.string({ message: m.invalidEmail }).trim().min(1, m.invalidEmail).max(254, m.tooLong).email(m.invalidEmail),
  consent: z.boolean({ message: cartReminderMessages.consent.label }),
  key: z.string().trim().min(20).max(100).optional(),
  items: z
    .array(
      z.object({
        productVariantId: idSchema(cartMessages.cart.unknownVariant),
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
      }),
    )
    .max(MAX_CART_LINES),
});
export type SaveGuestCartInput = z.output<typeof SaveGuestCartInput>;

export const RestoreCartInput = z.object({ token: linkToken });
export type RestoreCartInput = z.output<typeof RestoreCartInput>;
