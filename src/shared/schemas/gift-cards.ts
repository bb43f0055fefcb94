// Gift card inputs (decision 274), parsed by zod on both doors and in the forms: staff's issue form and list, and a
// code typed at checkout (its shape only: whether it is a card is the server's answer).
import { z } from 'zod';
import { GIFT_CARD_MAX_EUROS } from '../gift-cards';
import { fill, messages } from '../messages';
import { staffMessages } from '../messages-staff';
import { giftCardCodeSchema } from './checkout';
import { idSchema, moneySchema } from './numbers';
import { pagingFields } from './paging';

const s = staffMessages.giftCards;

const text = (max: number) => z.string().trim().max(max, fill(s.tooLong, { max }));

/** POST /api/GiftCards and giftCards.issue: the value, the expiry (null: none; left out: the shop's policy), the recipient. */
export const IssueGiftCardInput = z.object({
  amount: moneySchema(s.amountRequired, fill(s.amountInvalid, { max: GIFT_CARD_MAX_EUROS })).refine(
    (v) => v >= 1 && v <= GIFT_CARD_MAX_EUROS,
    fill(s.amountInvalid, { max: GIFT_CARD_MAX_EUROS }),
  ),
  // A date; '' or null: no expiry; left out: the shop's policy (GIFT_CARD_DEFAULT_MONTHS).
  expiresOn: z
    .string({ message: s.expiryInvalid })
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, s.expiryInvalid)
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  recipientName: text(100).pipe(z.string().min(1, s.recipientNameRequired)),
  recipientEmail: z
    .string({ message: s.emailInvalid })
    .trim()
    .max(254, s.emailInvalid)
    .refine((v) => v === '' || z.email().safeParse(v).success, s.emailInvalid)
    .nullish()
    .transform((v) => v || null),
  message: text(500).default(''),
});
export type IssueGiftCardInput = z.infer<typeof IssueGiftCardInput>;

/** POST /api/GiftCards/{giftCardId}/Adjust and giftCards.adjust: add or remove euros with a note (never below zero). */
export const AdjustGiftCardInput = z.object({
  giftCardId: idSchema(),
  action: z.enum(['add', 'remove'], { message: messages.common.required }),
  amount: moneySchema(s.amountRequired, fill(s.amountInvalid, { max: GIFT_CARD_MAX_EUROS })).refine(
    (v) => v > 0 && v <= GIFT_CARD_MAX_EUROS,
    fill(s.amountInvalid, { max: GIFT_CARD_MAX_EUROS }),
  ),
  note: text(500).pipe(z.string().min(1, s.noteRequired)),
});
export type AdjustGiftCardInput = z.infer<typeof AdjustGiftCardInput>;

/** GET /api/GiftCards and giftCards.list: one page, newest first. */
export const ListGiftCardsInput = z.object({ page: pagingFields.page, pageSize: pagingFields.pageSize }).default({});
export type ListGiftCardsInput = z.infer<typeof ListGiftCardsInput>;

/** POST /api/gift-cards/check and giftCards.check: a code's balance before the order (rate-limited). */
export const CheckGiftCardInput = z.object({ code: giftCardCodeSchema });
export type CheckGiftCardInput = z.infer<typeof CheckGiftCardInput>;
