// The confirmation's query, apart from its screen so the route's loader (in the main chunk) does not pull the
// screen into the first view (decision 214).
import type { trpc } from '#client/lib/trpc';
import { getGuestId } from '#client/lib/guest-id';

/**
 * The order as this browser may read it: its owner's token, or the guest id it was placed with, from the e-mail
 * link's ?guest= (a fresh browser) or else this browser's own guest id.
 */
export const orderQuery = (t: typeof trpc, orderId: number, guestId?: string) =>
  t.checkout.order.queryOptions({ orderId, guestId: guestId ?? getGuestId() });
