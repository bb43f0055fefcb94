// Store-credit answers (decision 271), identical over tRPC and REST: the balance (euros, the sum of the ledger's rows)
// with one page of its history, newest first. One zod schema each, its type inferred (decision 264).
import { z } from 'zod';
import { CREDIT_REASONS } from '../store-credit';

/** One row of the ledger as the shopper sees it: no staff note, no staff member (both are the shop's own). */
const CreditEntryReply = z.object({
  entryId: z.number(),
  /** Euros: positive a credit, negative a spend or a removal. */
  amount: z.number(),
  reason: z.enum(CREDIT_REASONS),
  orderId: z.number().nullable(),
  /** "#000123" when the row belongs to an order. */
  orderNumber: z.string().nullable(),
  returnRequestId: z.number().nullable(),
  createdAt: z.string(),
});
export type CreditEntryDto = z.infer<typeof CreditEntryReply>;

/** The staff view of a row adds the note and who wrote it. */
const StaffCreditEntryReply = CreditEntryReply.extend({
  note: z.string(),
  staffUserId: z.number().nullable(),
  staffName: z.string().nullable(),
});
export type StaffCreditEntryDto = z.infer<typeof StaffCreditEntryReply>;

const paging = { total: z.number(), page: z.number(), pageSize: z.number() };

export const MyCreditReply = z.object({ balance: z.number(), items: z.array(CreditEntryReply), ...paging });
export type MyCreditDto = z.infer<typeof MyCreditReply>;

export const CustomerCreditReply = z.object({
  userId: z.number(),
  balance: z.number(),
  items: z.array(StaffCreditEntryReply),
  ...paging,
});
export type CustomerCreditDto = z.infer<typeof CustomerCreditReply>;
