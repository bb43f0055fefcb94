// Answer schemas of the customers DTO (customers.ts), the interface's twin, for /api/openapi.json (decision 211).
import { z } from 'zod';
import type { Page } from '../schemas/paging';
import type { CustomerDto } from './customers';
import { twin } from './twin';

export const CustomerReply = twin<CustomerDto>()(
  z.object({
    customerId: z.number(),
    name: z.string(),
    emails: z.array(z.string()),
    phones: z.array(z.string()),
    userId: z.number().nullable(),
    orders: z.number(),
    spend: z.number(),
    returns: z.number(),
    refusals: z.number(),
    cancelled: z.number(),
    firstOrderAt: z.string(),
    lastOrderAt: z.string(),
  }),
);
export const CustomerPageReply = twin<Page<CustomerDto>>()(
  z.object({ items: z.array(CustomerReply), total: z.number(), page: z.number(), pageSize: z.number() }),
);
