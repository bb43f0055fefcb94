// Back in stock (issue 26, decisions 233, 239): the product page's request and the links' tokens, validated
// identically by the form (lazily loaded) and by both doors. The e-mail is normalised (trimmed, lower case).
import { z } from 'zod';
import { messages } from '../messages';
import { backInStockMessages } from '../messages/back-in-stock';

const t = backInStockMessages.backInStock;

export const BackInStockRequestInput = z.object({
  variantID: z
    .number({ message: t.unknownVariant })
    .int(t.unknownVariant)
    .positive(t.unknownVariant)
    .max(2_147_483_647, t.unknownVariant),
  email: z
    .string({ message: t.emailRequired })
    .trim()
    .min(1, t.emailRequired)
    .max(254, t.invalidEmail)
    .pipe(z.email({ message: t.invalidEmail }))
    .transform((e) => e.toLowerCase()),
});
export type BackInStockRequestInput = z.output<typeof BackInStockRequestInput>;

/** A signed link's token (the notice's unsubscribe link, the confirmation link). */
const linkToken = z.string({ message: t.badLink }).trim().min(1, t.badLink).max(200, t.badLink);

export const BackInStockUnsubscribeInput = z.object({ token: linkToken });
export type BackInStockUnsubscribeInput = z.output<typeof BackInStockUnsubscribeInput>;

/** The confirmation page's button (decision 239). */
export const BackInStockConfirmInput = z.object({ token: linkToken });
export type BackInStockConfirmInput = z.output<typeof BackInStockConfirmInput>;

/** Staff close a variant's waiting list. */
export const DismissDemandInput = z.object({
  variantID: z
    .number({ message: messages.common.invalidId })
    .int(messages.common.invalidId)
    .positive(messages.common.invalidId),
});
export type DismissDemandInput = z.infer<typeof DismissDemandInput>;

export const ProductDemandInput = z.object({
  productID: z
    .number({ message: messages.common.invalidId })
    .int(messages.common.invalidId)
    .positive(messages.common.invalidId),
});
