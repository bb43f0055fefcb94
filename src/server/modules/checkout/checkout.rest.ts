// REST adapters of the checkout module for the documented /api paths: parse -> the same service -> DTO.
//   GET  /api/Promo/validate?code=   (registered before the discounts module's /api/Promo/:id)
//   POST /api/orders/checkout        (overlay payload, the old /checkout screen's, or staff's manual order)
//   GET  /api/orders/checkout/:id    (confirmation read: owner, same guest via ?guestId=, or staff)
import type { Hono } from 'hono';
import { isStaffRole } from '../../../shared/roles';
import type { AppEnv } from '../../http/env';
import { rateLimit } from '../../http/rate-limit';
import { pathId, queryRecord, readJson } from '../../http/request';
import { getOrderConfirmation, placeLegacyOrder, placeOrder, validatePromo } from './checkout.service';

/**
 * Three documented payloads share this path. The old /checkout screen sends `discountID: null` (or `userID`)
 * and no names; the dashboard's manual order sends names, `guestId` and `discountID: null`; the overlay sends
 * names and `promoCode`. A manual order counts as one only when the caller is staff.
 */
function payloadKind(body: unknown, roleID: number | undefined): 'legacy' | 'manual' | 'storefront' {
  if (!body || typeof body !== 'object') return 'storefront';
  const b = body as Record<string, unknown>;
  const details = (b.customerDetails ?? {}) as Record<string, unknown>;
  const hasNames = 'firstName' in details || 'lastName' in details;
  if (!hasNames && ('discountID' in b || 'userID' in details)) return 'legacy';
  if ('discountID' in b && isStaffRole(roleID)) return 'manual';
  return 'storefront';
}

export function mountCheckoutRest(api: Hono<AppEnv>): void {
  api.get('/Promo/validate', rateLimit('promo'), async (c) => {
    const { code } = queryRecord(c);
    return c.json(await validatePromo(c.var.deps, code ?? ''));
  });

  api.post('/orders/checkout', rateLimit('checkout'), async (c) => {
    const body = await readJson(c);
    const opts = { actor: c.var.actor, idempotencyKey: c.req.header('idempotency-key')?.trim() || null };
    const kind = payloadKind(body, c.var.actor?.roleID);
    const order =
      kind === 'legacy'
        ? await placeLegacyOrder(c.var.deps, body, opts)
        : await placeOrder(c.var.deps, body, { ...opts, createdByStaff: kind === 'manual' });
    return c.json(order, order.replayed ? 200 : 201);
  });

  api.get('/orders/checkout/:id', async (c) => {
    const orderId = pathId(c, 'id');
    return c.json(await getOrderConfirmation(c.var.deps, { orderId, guestId: c.req.query('guestId') ?? null }, c.var.actor));
  });
}
