// The checkout module's operations (decision 211).
//   GET  /api/Promo/validate?code=   (a static path: it wins over the discounts module's /api/Promo/:id)
//   POST /api/orders/checkout        (overlay payload, the old /checkout screen's, or staff's manual order)
//   GET  /api/orders/checkout/:id    (confirmation read: owner, same guest via ?guestId=, or staff)
import {
  LegacyPlaceOrderInput,
  OrderConfirmationInput,
  PlaceOrderInput,
  QuoteInput,
  ValidatePromoInput,
} from '#shared/schemas/checkout';
import { parseInput } from '#server/errors';
import { consumeLimit } from '#server/http/rate-limit';
import { mutation, query } from '#server/operations/define';
import { orderForCaller } from '../orders';
import { placeCheckout, quote, validatePromo, type CheckoutRequest } from './checkout.service';
import { OrderConfirmationReply, PromoValidationReply, QuoteReply } from '#shared/dto/checkout';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Three documented payloads share POST /api/orders/checkout. The old /checkout screen sends `discountID: null` (or
 * `userID`) and no names; the dashboard's manual order sends names, `guestId` and `discountID: null`; the overlay
 * sends names and `promoCode`. The door only tells the shapes apart; whether a manual form makes staff's manual
 * order is the service's rule (placeCheckout).
 */
function checkoutRequest(body: unknown): CheckoutRequest {
  // Only look inside plain objects: a number, string, array or null here is the schema's 400, not a crash.
  const b = isRecord(body) ? body : {};
  const details = isRecord(b.customerDetails) ? b.customerDetails : {};
  const hasNames = 'firstName' in details || 'lastName' in details;
  if (isRecord(body) && !hasNames && ('discountID' in b || 'userID' in details)) {
    return { form: 'legacy', input: parseInput(LegacyPlaceOrderInput, body) };
  }
  // The dashboard's form: staff's manual order when the caller is staff (placeCheckout decides).
  if ('discountID' in b) return { form: 'manual', input: parseInput(PlaceOrderInput, body) };
  return { form: 'storefront', input: parseInput(PlaceOrderInput, body) };
}

/** tRPC sends the overlay's payload only. */
const StorefrontOrder = PlaceOrderInput.transform((input): CheckoutRequest => ({ form: 'storefront', input }));

export const checkoutOperations = {
  /** The totals of a cart for a country and promo code; a quote with a code counts as a promo check. */
  quote: query({
    access: 'public',
    output: QuoteReply,
    input: QuoteInput,
    limit: { name: 'promo', when: (input) => Boolean(input.promoCode?.trim()) },
    run: (caller, input) => quote(caller, input),
  }),
  validatePromo: query({
    access: 'public',
    output: PromoValidationReply,
    limit: 'promo',
    input: ValidatePromoInput,
    run: (caller, input) => validatePromo(caller, input),
    rest: { method: 'GET', path: '/Promo/validate', input: (req) => ({ code: req.query().code ?? '' }) },
  }),
  placeOrder: mutation({
    access: 'public',
    output: OrderConfirmationReply,
    limit: 'checkout',
    input: StorefrontOrder,
    // An Idempotency-Key header overrides the payload's idempotencyKey. A gift card code also counts as a code check
    // (decision 274): the same per-address limit as POST /api/gift-cards/check, 429 with Retry-After when spent.
    run: async (caller, request) => {
      if (request.form !== 'legacy' && request.input.giftCardCode)
        await consumeLimit(caller, 'giftCard', caller.clientIp);
      return placeCheckout(caller, request, {
        actor: caller.actor,
        idempotencyKey: caller.header('idempotency-key')?.trim() || null,
      });
    },
    rest: {
      method: 'POST',
      path: '/orders/checkout',
      parse: checkoutRequest,
      status: (order) => (order.replayed ? 200 : 201),
    },
  }),
  order: query({
    access: 'public',
    output: OrderConfirmationReply,
    input: OrderConfirmationInput,
    run: (caller, input) => orderForCaller(caller, input, caller.actor, caller.clientIp),
    rest: {
      method: 'GET',
      path: '/orders/checkout/:id',
      input: (req) => ({ orderId: req.id('id'), guestId: req.query().guestId ?? null }),
    },
  }),
};
