// The dashboard's customers list (decision 256): one row per buyer, whoever bought (an account, a guest, a phone
// order), identical over tRPC and REST. One zod schema each, its type inferred (decision 264); the schemas document
// the answers in /api/openapi.json.
import { z } from 'zod';
import type { Page } from '../schemas/paging';

const CustomerReply = z.object({
  customerId: z.number(),
  /** The latest order's name. */
  name: z.string(),
  /** E-mails and phones of its orders, latest first; phones grouped the way their country writes them. */
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  /** The account of its latest account order, if any. */
  userId: z.number().nullable(),
  orders: z.number(),
  /** Euros: totals of delivered orders not returned (delivered means paid, decision 248). */
  spend: z.number(),
  /** Units asked back by return requests not refused or withdrawn (the overview's returns, decision 254). */
  returns: z.number(),
  /** Orders refused at the door or returned (the reports' refusals, decision 254). */
  refusals: z.number(),
  cancelled: z.number(),
  /** Orders delivered and not returned (decision 272). */
  delivered: z.number(),
  firstOrderAt: z.string(),
  lastOrderAt: z.string(),
});
export type CustomerDto = z.infer<typeof CustomerReply>;

export const CustomerPageReply = z.object({
  items: z.array(CustomerReply),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
}) satisfies z.ZodType<Page<CustomerDto>>;
