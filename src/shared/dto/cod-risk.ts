// Refusal risk for cash on delivery (decision 272): a buyer's history, the blocked phones and the shop's rule,
// identical over tRPC and REST. One zod schema each, its type inferred (decision 264).
import { z } from 'zod';

/** What a phone's (and e-mail's) buyer did with its orders. */
export const BuyerHistoryReply = z.object({
  orders: z.number(),
  /** Delivered and not returned (paid at the door). */
  delivered: z.number(),
  /** Refused at the door or returned (decision 254). */
  refused: z.number(),
  cancelled: z.number(),
  /** Units asked back by return requests after delivery (decision 254). */
  returned: z.number(),
  /** The phone is blocked by staff. */
  phoneBlocked: z.boolean(),
});
export type BuyerHistoryDto = z.infer<typeof BuyerHistoryReply>;

export const BlockedPhoneReply = z.object({
  /** Grouped the way its country writes it ("+383 44 123 456"). */
  phone: z.string(),
  note: z.string(),
  blockedAt: z.string(),
  blockedByUserId: z.number().nullable(),
});
export type BlockedPhoneDto = z.infer<typeof BlockedPhoneReply>;

/**
 * The shop's rule: a buyer with this many refusals or more is confirmed by phone before packing; 0 = off. Under
 * `deposit` (decision 277) such an order also needs a deposit by bank transfer recorded before packing.
 */
export const RefusalRuleReply = z.object({ threshold: z.number(), requirement: z.enum(['call', 'deposit']) });
export type RefusalRuleDto = z.infer<typeof RefusalRuleReply>;
