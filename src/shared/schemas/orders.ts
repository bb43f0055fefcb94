// Zod inputs for the dashboard order screens, shared by client and server.
import { z } from 'zod';
import { messages } from '../messages';
import { idSchema } from './numbers';

const id = idSchema();

export const OrderIdInput = z.object({ id });
export type OrderIdInput = z.infer<typeof OrderIdInput>;

/** GET /api/Orders?status=pending: an optional status filter; anything else is a 400. */
export const ListOrdersInput = z
  .object({ status: z.enum(['pending', 'delivered'], { message: messages.common.invalidInput }).optional() })
  .default({});
export type ListOrdersInput = z.infer<typeof ListOrdersInput>;
