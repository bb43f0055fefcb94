// Returns and exchanges inputs (decision 235), parsed by zod on both doors and in the request form and staff screens.
// Imported only by lazily loaded code (the order page's return form, the dashboard): never by a route file.
import { z } from 'zod';
import { messages } from '../messages';
import { staffMessages } from '../messages-staff';
import { returnMessages } from '../messages/returns';
import { REFUND_METHODS, RETURN_KINDS, RETURN_REASONS, RETURN_STATES } from '../returns';
import { quantitySchema } from './checkout';
import { idSchema, moneySchema } from './numbers';
import { pagingFields } from './paging';

const id = idSchema();
const r = returnMessages;
const s = staffMessages.returns;
const guestId = z.string().trim().max(64).nullish();

/** The order page's question: what of this order may still be returned (the owner, the guest with its id, staff). */
export const ReturnOptionsInput = z.object({ orderId: id, guestId });
export type ReturnOptionsInput = z.infer<typeof ReturnOptionsInput>;

/** The shopper takes back one of the order's requests (the same callers as the options). */
export const WithdrawReturnInput = ReturnOptionsInput.extend({ returnRequestId: id });
export type WithdrawReturnInput = z.infer<typeof WithdrawReturnInput>;

export const ReturnLineInput = z.object({
  orderDetailsId: id,
  quantity: quantitySchema,
  exchangeVariantId: idSchema(r.refused.wantedInvalid).nullish(),
});

export const CreateReturnInput = z
  .object({
    orderId: id,
    guestId,
    kind: z.enum(RETURN_KINDS, { message: messages.common.required }),
    reason: z.enum(RETURN_REASONS, { message: r.form.chooseReason }),
    comment: z.string().trim().max(500).default(''),
    lines: z.array(ReturnLineInput).min(1, r.form.nothingChosen).max(50),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.lines.forEach((l, i) => {
      if (seen.has(l.orderDetailsId))
        ctx.addIssue({ code: 'custom', message: r.refused.unknownLine, path: ['lines', i, 'orderDetailsId'] });
      seen.add(l.orderDetailsId);
      if (v.kind === 'exchange' && !l.exchangeVariantId)
        ctx.addIssue({ code: 'custom', message: r.refused.wantedRequired, path: ['lines', i, 'exchangeVariantId'] });
    });
  });
export type CreateReturnInput = z.infer<typeof CreateReturnInput>;

/** The staff list: newest first, optionally one state. */
export const ListReturnsInput = z
  .object({ state: z.enum(RETURN_STATES).optional(), page: pagingFields.page, pageSize: pagingFields.pageSize })
  .default({});
export type ListReturnsInput = z.infer<typeof ListReturnsInput>;

export const ReturnIdInput = z.object({ id });
export type ReturnIdInput = z.infer<typeof ReturnIdInput>;

export const OrderReturnsInput = z.object({ orderId: id });
export type OrderReturnsInput = z.infer<typeof OrderReturnsInput>;

export const RefuseReturnInput = z.object({
  id,
  reason: z
    .string({ message: s.refuseReasonRequired })
    .trim()
    .min(1, s.refuseReasonRequired)
    .max(500, s.refuseReasonRequired),
});
export type RefuseReturnInput = z.infer<typeof RefuseReturnInput>;

/** The refund in euros; the server caps it at the returned lines' paid value (409 above it). */
export const RefundReturnInput = z.object({
  id,
  method: z.enum(REFUND_METHODS, { message: s.refundMethod }),
  amount: moneySchema(s.refundAmountRequired, s.refundAmountInvalid).refine((v) => v > 0, s.refundAmountInvalid),
});
export type RefundReturnInput = z.infer<typeof RefundReturnInput>;
