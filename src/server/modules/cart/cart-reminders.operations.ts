// Forgotten carts' doors (decision 275), declared once for tRPC and REST: a consenting guest's cart saved at checkout,
// the reminder's restore link and its one-click unsubscribe. Public (the link's token is the only proof; neither
// opens an account), limited per client address.
import { GuestCartSavedReply, RemindersUnsubscribedReply, RestoredCartReply } from '#shared/dto/cart-reminders';
import { RestoreCartInput, SaveGuestCartInput } from '#shared/schemas/cart-reminders';
import { mutation } from '#server/operations/define';
import { restoreCart, saveGuestCart, unsubscribeReminders } from './cart-reminders.service';

export const cartRemindersOperations = {
  saveGuest: mutation({
    access: 'public',
    limit: 'cartReminders',
    input: SaveGuestCartInput,
    output: GuestCartSavedReply,
    run: (caller, input) => saveGuestCart(caller, input),
    rest: { method: 'POST', path: '/CartReminders/GuestCart' },
  }),
  restore: mutation({
    access: 'public',
    limit: 'cartReminders',
    input: RestoreCartInput,
    output: RestoredCartReply,
    run: (caller, input) => restoreCart(caller, input),
    rest: { method: 'POST', path: '/CartReminders/Restore' },
  }),
  unsubscribe: mutation({
    access: 'public',
    limit: 'cartReminders',
    input: RestoreCartInput,
    output: RemindersUnsubscribedReply,
    run: (caller, input) => unsubscribeReminders(caller, input),
    rest: { method: 'POST', path: '/CartReminders/Unsubscribe' },
  }),
};
