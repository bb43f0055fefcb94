// Zod inputs for the dashboard order screens, shared by client and server.
import { z } from 'zod';
import { messages } from '../messages';
import { idSchema } from './numbers';
import { pagingFields } from './paging';
import { dateField } from './discounts';
import { staffMessages } from '../messages-staff';
import type { OrderStatus } from '../dto/orders';

export const ORDER_STATES = ['pending', 'delivered', 'cancelled', 'returned'] as const satisfies readonly OrderStatus[];

const id = idSchema();

export const OrderIdInput = z.object({ id });
export type OrderIdInput = z.infer<typeof OrderIdInput>;

/**
 * GET /api/Orders?status=pending (or delivered, cancelled, returned): an optional state filter; anything else is a 400.
 * Plus the paging fields (page, pageSize, q: decision 134).
 */
export const ListOrdersInput = z
  .object({ status: z.enum(ORDER_STATES, { message: messages.common.invalidInput }).optional(), ...pagingFields })
  .default({});
export type ListOrdersInput = z.infer<typeof ListOrdersInput>;

/** GET /api/Orders/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD&status=…: shop-time days, both inclusive, all optional. */
export const ExportOrdersInput = z
  .object({
    from: dateField.optional(),
    to: dateField.optional(),
    status: z.enum(ORDER_STATES, { message: messages.common.invalidInput }).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: staffMessages.orderLifecycle.exportRange,
    path: ['to'],
  });
export type ExportOrdersInput = z.infer<typeof ExportOrdersInput>;

/** The print view (slips and packing list): up to 200 orders, in the order given. */
import { PRINT_MAX_ORDERS } from '../limits';
export const PrintOrdersInput = z.object({
  ids: z
    .array(id)
    .min(1, { message: staffMessages.orderLifecycle.printNone })
    .max(PRINT_MAX_ORDERS, { message: staffMessages.orderLifecycle.printTooMany })
    .transform((ids) => [...new Set(ids)]),
});
export type PrintOrdersInput = z.infer<typeof PrintOrdersInput>;
