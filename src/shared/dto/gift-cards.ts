// Gift card answers (decision 274), identical over tRPC and REST. The code itself appears in one answer only: the
// issue's, once (staff print it or hand it over); every other answer names a card by its last four characters.
import { z } from 'zod';

const GiftCardStatusReply = z.enum(['active', 'used', 'expired']);

/** One card in staff's list. */
export const GiftCardSummaryReply = z.object({
  giftCardId: z.number(),
  last4: z.string(),
  /** Euros: the card's value when issued. */
  initial: z.number(),
  /** Euros: the sum of its ledger's rows. */
  balance: z.number(),
  expiresOn: z.string().nullable(),
  status: GiftCardStatusReply,
  recipientName: z.string(),
  recipientEmail: z.string().nullable(),
  message: z.string(),
  /** The order that bought it (a gift card sold as a product), or null when staff issued it. */
  sourceOrderId: z.number().nullable(),
  createdAt: z.string(),
});
export type GiftCardSummaryDto = z.infer<typeof GiftCardSummaryReply>;

export const GiftCardPageReply = z.object({
  items: z.array(GiftCardSummaryReply),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type GiftCardPageDto = z.infer<typeof GiftCardPageReply>;

/** The answer: the card and, this once, its full code grouped in fours. */
export const IssuedGiftCardReply = GiftCardSummaryReply.extend({ code: z.string(), mailed: z.boolean() });
export type IssuedGiftCardDto = z.infer<typeof IssuedGiftCardReply>;

/** A code's check at checkout: what it can still pay. */
export const GiftCardCheckReply = z.object({
  last4: z.string(),
  balance: z.number(),
  expiresOn: z.string().nullable(),
});
export type GiftCardCheckDto = z.infer<typeof GiftCardCheckReply>;
