// The order page's read (GET /api/orders/checkout/{id}, checkout.order) with the guest proof guarded (decision 175).
// A guest proves an order is theirs with the guest id it was placed with (the confirmation e-mail's link carries
// it). Every refused read that presented a guest id counts against the 'track' limit of the address (the same
// budget as POST /api/orders/track), and an address that spent it is refused with 429 before anything is checked,
// so guessing guest ids, even the weaker ones of orders placed before decision 175, is not practical.
import type { OrderConfirmationDto } from '#shared/dto/checkout';
import type { OrderConfirmationInput } from '#shared/schemas/checkout';
import { checkoutMessages } from '#shared/messages/checkout';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/errors';
import { consumeLimit, refuseWhenSpent } from '#server/http/rate-limit';
import type { Actor } from '../accounts';
import { getOrderConfirmation } from './order-records.service';

export async function orderForCaller(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: OrderConfirmationInput,
  actor: Actor | null,
  clientIp: string,
): Promise<OrderConfirmationDto> {
  // The session first: the owner and staff open the page whatever guest id the browser also sent, budget or not.
  if (actor) {
    try {
      return await getOrderConfirmation(deps, { orderId: input.orderId, guestId: null }, actor);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
  if (!input.guestId) throw new AppError('NOT_FOUND', checkoutMessages.checkout.orderNotFound);
  await refuseWhenSpent(deps, 'track', clientIp);
  try {
    return await getOrderConfirmation(deps, input, null);
  } catch (err) {
    if (isNotFound(err)) await consumeLimit(deps, 'track', clientIp);
    throw err;
  }
}

const isNotFound = (err: unknown) => err instanceof AppError && err.code === 'NOT_FOUND';
