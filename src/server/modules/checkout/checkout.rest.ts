// REST adapters of the checkout module for the documented /api paths: parse -> the same service -> DTO.
//   GET  /api/Promo/validate?code=   (registered before the discounts module's /api/Promo/:id)
//   POST /api/orders/checkout        (overlay payload, or the old /checkout screen's payload with discountID)
//   GET  /api/orders/checkout/:id    (confirmation read: owner, same guest via ?guestId=, or staff)
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { pathId, queryRecord, readJson } from '../../http/request';
import { getOrderConfirmation, placeLegacyOrder, placeOrder, validatePromo } from './checkout.service';

/** The old screen sends `discountID: null` and no names; the overlay sends firstName/lastName and promoCode. */
function isLegacyPayload(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  const details = (b.customerDetails ?? {}) as Record<string, unknown>;
  return 'discountID' in b || (!('firstName' in details) && 'userID' in details);
}

export function mountCheckoutRest(api: Hono<AppEnv>): void {
  api.get('/Promo/validate', async (c) => {
    const { code } = queryRecord(c);
    return c.json(await validatePromo(c.var.deps, code ?? ''));
  });

  api.post('/orders/checkout', async (c) => {
    const body = await readJson(c);
    const opts = { actor: c.var.actor, idempotencyKey: c.req.header('idempotency-key')?.trim() || null };
    const order = isLegacyPayload(body) ? await placeLegacyOrder(c.var.deps, body, opts) : await placeOrder(c.var.deps, body, opts);
    return c.json(order, order.replayed ? 200 : 201);
  });

  api.get('/orders/checkout/:id', async (c) => {
    const orderId = pathId(c, 'id');
    return c.json(await getOrderConfirmation(c.var.deps, { orderId, guestId: c.req.query('guestId') ?? null }, c.var.actor));
  });
}
