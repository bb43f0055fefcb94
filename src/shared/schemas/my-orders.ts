// "My orders", one order's page (decision 255) and guest order tracking inputs (decision 175), parsed by zod on both
// doors and in the /order-status form.
import { z } from 'zod';
import { messages } from '../messages';
import { orderMessages } from '../messages/orders';
import { parseOrderNumber } from '../order-number';
import { idSchema } from './numbers';
import { pagingFields } from './paging';
import { normalisePhone } from './person';

const m = orderMessages.orderTracking;

/** GET /api/users/orders and myOrders.list: decision 134's page / pageSize (no search: a customer's own list is short). */
export const MyOrdersInput = z.object({ page: pagingFields.page, pageSize: pagingFields.pageSize }).default({});
export type MyOrdersInput = z.infer<typeof MyOrdersInput>;

/** GET /api/users/orders/{id} and myOrders.one: one of the caller's own orders, for its page /porosite/{id}. */
export const MyOrderInput = z.object({ orderId: idSchema() });
export type MyOrderInput = z.infer<typeof MyOrderInput>;

/** Rows of /profile's "Porositë e mia" per page. */
export const MY_ORDERS_PAGE_SIZE = 10;

const orderNumber = z.union([z.number(), z.string()], { message: m.invalidOrderNumber }).transform((v, ctx) => {
  const id = parseOrderNumber(v);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: m.invalidOrderNumber });
    return z.NEVER;
  }
  return id;
});

const contactText = z.string({ message: m.invalidContact }).trim().max(254, m.invalidContact);

/**
 * POST /api/orders/track and myOrders.track: the order number and the e-mail or the phone the order was placed
 * with (`contact` takes either, as the form's one field sends it). The answer is the same 404 for every mismatch.
 */
export const TrackOrderInput = z
  .object(
    {
      orderId: orderNumber,
      email: contactText.optional(),
      phone: contactText.optional(),
      contact: contactText.optional(),
    },
    { message: messages.common.invalidInput },
  )
  .transform((v, ctx) => {
    const given = [v.email, v.phone, v.contact].find((x) => x !== undefined && x !== '');
    if (given === undefined) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: m.contactRequired });
      return z.NEVER;
    }
    if (given.includes('@')) {
      if (!z.string().email().safeParse(given).success) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: m.invalidContact });
        return z.NEVER;
      }
      return { orderId: v.orderId, email: given.toLowerCase(), phone: null };
    }
    const phone = normalisePhone(given);
    if (phone === null) {
      ctx.addIssue({
        code: 'custom',
        path: [v.phone !== undefined && v.email === undefined ? 'phone' : 'email'],
        message: m.invalidContact,
      });
      return z.NEVER;
    }
    return { orderId: v.orderId, email: null, phone };
  });
export type TrackOrderInput = z.input<typeof TrackOrderInput>;
export type TrackOrderQuery = z.output<typeof TrackOrderInput>;
