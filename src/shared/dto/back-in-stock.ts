// Answers of back in stock (decisions 233, 239): the shopper's request, confirmation and unsubscribe, the staff's
// waiting demand (confirmed shoppers only). One zod schema each, its type inferred (decision 264); the schemas
// document the answers in /api/openapi.json.
import { z } from 'zod';

/**
 * The answer to a request: the same whether or not the address already waits or was confirmed (decision 239), so it
 * tells no one who waits. A new address gets a confirmation e-mail; only confirmed requests are ever notified.
 */
export const BackInStockRequestReply = z.object({
  variantID: z.number(),
  /** The normalised address the confirmation (or, once confirmed, the notice) goes to. */
  email: z.string(),
});
export type BackInStockRequestDto = z.infer<typeof BackInStockRequestReply>;

export const BackInStockConfirmReply = z.object({
  /** Pending requests of the address this confirmation opened (0 when it had none left). */
  confirmed: z.number(),
});
export type BackInStockConfirmDto = z.infer<typeof BackInStockConfirmReply>;

export const BackInStockUnsubscribeReply = z.object({
  /** Open requests of the address closed by this call (0 when none was left). */
  closed: z.number(),
});
export type BackInStockUnsubscribeDto = z.infer<typeof BackInStockUnsubscribeReply>;

export const VariantDemandReply = z.object({
  variantID: z.number(),
  /** Confirmed shoppers waiting (pending, unconfirmed requests are not counted). */
  waiting: z.number(),
});
export type VariantDemandDto = z.infer<typeof VariantDemandReply>;

export const DemandRowReply = VariantDemandReply.extend({
  productID: z.number(),
  productName: z.string(),
  sizeName: z.string(),
  colorName: z.string(),
  hexCode: z.string(),
  stockQuantity: z.number(),
  /** The oldest open request (ISO time). */
  oldest: z.string(),
});
export type DemandRowDto = z.infer<typeof DemandRowReply>;
