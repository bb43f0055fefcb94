// Store-credit inputs (decision 271), parsed by zod on both doors and in the staff form: the shopper's history page,
// staff's read of one customer's credit and their add / remove with a required note.
import { z } from 'zod';
import { fill, messages } from '../messages';
import { staffMessages } from '../messages-staff';
import { CREDIT_ADJUSTMENTS, CREDIT_NOTE_MAX } from '../store-credit';
import { idSchema, moneySchema } from './numbers';
import { pagingFields } from './paging';

const s = staffMessages.storeCredit;

/** GET /api/users/store-credit and storeCredit.mine: the caller's balance and one page of its history. */
export const MyCreditInput = z.object({ page: pagingFields.page, pageSize: pagingFields.pageSize }).default({});
export type MyCreditInput = z.infer<typeof MyCreditInput>;

/** GET /api/Customers/{userId}/StoreCredit and storeCredit.ofCustomer: one account's balance and history. */
export const CustomerCreditInput = z.object({
  userId: idSchema(),
  page: pagingFields.page,
  pageSize: pagingFields.pageSize,
});
export type CustomerCreditInput = z.infer<typeof CustomerCreditInput>;

/** POST /api/Customers/{userId}/StoreCredit and storeCredit.adjust: add or remove euros, with a note. */
export const AdjustCreditInput = z.object({
  userId: idSchema(),
  action: z.enum(CREDIT_ADJUSTMENTS, { message: messages.common.required }),
  amount: moneySchema(s.amountRequired, s.amountInvalid).refine((v) => v > 0, s.amountInvalid),
  note: z
    .string({ message: s.noteRequired })
    .trim()
    .min(1, s.noteRequired)
    .max(CREDIT_NOTE_MAX, fill(s.noteTooLong, { max: CREDIT_NOTE_MAX })),
});
export type AdjustCreditInput = z.infer<typeof AdjustCreditInput>;
