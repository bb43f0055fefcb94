// REST adapters of the checkout module for the documented /api paths: parse -> the same service -> DTO.
//   GET  /api/Promo/validate?code=   (registered before the discounts module's /api/Promo/:id)
//   POST /api/orders/checkout        (overlay payload, the old /checkout screen's, or staff's manual order)
//   GET  /api/orders/checkout/:id    (confirmation read: owner, same guest via ?guestId=, or staff; refused guest proofs count against 'track')
import type { Hono } from 'hono';
import { LegacyPlaceOrderInput, PlaceOrderInput, ValidatePromoInput } from '../../../shared/schemas/checkout';
import type { AppEnv } from '../../http/env';
import { rateLimit } from '../../http/rate-limit';
import { parseInput, pathId, queryRecord, readJson } from '../../http/request';
import { orderForCaller } from '../my-orders/guest-proof';
import { placeCheckout, validatePromo, type CheckoutRequest } from './checkout.service';

/**
 * Three documented payloads share this path. The old /checkout screen sends `discountID: null` (or `userID`)
 * and no names; the dashboard's manual order sends names, `guestId` and `discountID: null`; the overlay sends
 * names and `promoCode`. The door only tells the shapes apart; whether a manual form makes staff's manual
 * order is the service's rule (placeCheckout).
 */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkoutRequest(body: unknown): CheckoutRequest {
  // Only look inside plain objects: a number, string, array or null here is the schema's 400, not a crash.
  const b = isRecord(body) ? body : {};
  const details = isRecord(b.customerDetails) ? b.customerDetails : {};
  const hasNames = 'firstName' in details || 'lastName' in details;
  if (isRecord(body) && !hasNames && ('discountID' in b || 'userID' in details)) {
    return { form: 'legacy', input: parseInput(LegacyPlaceOrderInput, body) };
  }
  return { form: 'discountID' in b ? 'manual' : 'storefront', input: parseInput(PlaceOrderInput, body) };
}

export function mountCheckoutRest(api: Hono<AppEnv>): void {
  api.get('/Promo/validate', rateLimit('promo'), async (c) => {
    const { code } = queryRecord(c);
    return c.json(await validatePromo(c.var.deps, parseInput(ValidatePromoInput, { code: code ?? '' })));
  });

  api.post('/orders/checkout', rateLimit('checkout'), async (c) => {
    const body = await readJson(c);
    const opts = { actor: c.var.actor, idempotencyKey: c.req.header('idempotency-key')?.trim() || null };
    const order = await placeCheckout(c.var.deps, checkoutRequest(body), opts);
    return c.json(order, order.replayed ? 200 : 201);
  });

  api.get('/orders/checkout/:id', async (c) => {
    const orderId = pathId(c, 'id');
    return c.json(
      await orderForCaller(
        c.var.deps,
        { orderId, guestId: c.req.query('guestId') ?? null },
        c.var.actor,
        c.var.clientIp,
      ),
    );
  });
}
