// Zod inputs for the dashboard order screens, shared by client and server.
import { z } from 'zod';
import { messages } from '../messages';
import { idSchema } from './numbers';
import { pagingFields } from './paging';
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
