// tRPC procedures of the checkout module: parse -> service -> DTO.
import {
  OrderConfirmationInput,
  PlaceOrderInput,
  QuoteInput,
  ValidatePromoInput,
} from '../../../shared/schemas/checkout';
import { limit, limitWhen, publicProcedure, router } from '../../trpc/init';
import { orderForCaller } from '../my-orders/guest-proof';
import { placeCheckout, quote, validatePromo } from './checkout.service';

export const checkoutRouter = router({
  /** The totals of a cart for a country and promo code, computed by the server; a quote with a code counts as a promo check. */
  quote: publicProcedure
    .input(QuoteInput)
    .use(limitWhen<QuoteInput>('promo', (input) => Boolean(input.promoCode?.trim())))
    .query(({ ctx, input }) => quote(ctx, input)),
  validatePromo: publicProcedure
    .use(limit('promo'))
    .input(ValidatePromoInput)
    .query(({ ctx, input }) => validatePromo(ctx, input)),
  placeOrder: publicProcedure
    .use(limit('checkout'))
    .input(PlaceOrderInput)
    .mutation(({ ctx, input }) => placeCheckout(ctx, { form: 'storefront', input }, { actor: ctx.actor })),
  order: publicProcedure
    .input(OrderConfirmationInput)
    .query(({ ctx, input }) => orderForCaller(ctx, input, ctx.actor, ctx.clientIp)),
});
