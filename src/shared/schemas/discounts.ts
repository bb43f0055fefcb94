// Zod inputs for product discounts and promo codes, shared by the dashboard forms and the server.
import { z } from 'zod';
import { messages } from '../messages';
import { staffMessages } from '../messages-staff';
import { countSchema, decimalText, idSchema, moneySchema } from './numbers';
import { isIsoDate } from '../dates';

const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;
const pl = staffMessages.promoLimits;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Whole-number percentage 1–100; a form's text ("20") is accepted as a number. */
export const percentageField = z.preprocess(
  emptyToUndefined,
  z
    .preprocess(
      decimalText,
      z.number({
        error: (iss) => (iss.input === undefined ? messages.common.required : messages.common.invalidNumber),
      }),
    )
    .refine((n) => Number.isInteger(n), { message: s.wholeNumber })
    .refine((n) => n >= 1 && n <= 100, { message: m.percentRange }),
);

/** The same percentage where a promo code's kind decides whether it is needed (absent or blank: none). */
const optionalPercentageField = z.preprocess(
  emptyToUndefined,
  z
    .preprocess(decimalText, z.number({ message: messages.common.invalidNumber }))
    .refine((n) => Number.isInteger(n), { message: s.wholeNumber })
    .refine((n) => n >= 1 && n <= 100, { message: m.percentRange })
    .optional(),
);

/** A calendar date yyyy-mm-dd that exists (2026-02-30 is refused). */
export const dateField = z.preprocess(
  emptyToUndefined,
  z
    .string({ message: messages.common.required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: s.invalidDate })
    .refine(isIsoDate, { message: s.invalidDate }),
);

const productId = idSchema();
const uniqueIds = (ids: number[]) => [...new Set(ids)];

const productIdsRequired = z
  .array(productId, { message: m.selectAtLeastOneProduct })
  .min(1, { message: m.selectAtLeastOneProduct })
  .max(5000)
  .transform(uniqueIds);
const productIdsOptional = z.array(productId).max(5000).default([]).transform(uniqueIds);

const codeField = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string({ message: m.promoCodeRequired })
    .trim()
    .min(1, { message: m.promoCodeRequired })
    .max(64, { message: messages.common.invalidInput })
    // Shoppers type the code: no spaces or look-alike symbols that could never be typed back ("DIMRI 15"). An
    // empty code passes here (min said it): no abort, so the form's other fields are still checked (decision 222).
    .regex(/^[\p{L}\d_-]*$/u, { message: s.promoCodeCharacters }),
);

type DateWindow = { startDate: string; endDate: string };
const endNotBeforeStart = (v: DateWindow, ctx: z.RefinementCtx) => {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: m.endBeforeStart });
};

const productDiscountFields = {
  discountPercentage: percentageField,
  startDate: dateField,
  endDate: dateField,
  productIDs: productIdsRequired,
};
/** A blank form field or null: no limit (null); absent: unchanged on edit, no limit on create. */
const blankToNull = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v);
const usesLimit = z
  .preprocess(
    blankToNull,
    z.union([z.null(), countSchema(pl.limitInvalid).refine((n) => n >= 1, { message: pl.limitInvalid })]),
  )
  .optional();
/** Optional limits of a promo code (issue 14, decision 181). */
const promoLimitFields = {
  maxUses: usesLimit,
  maxUsesPerCustomer: usesLimit,
  minSubtotal: z
    .preprocess(blankToNull, z.union([z.null(), moneySchema(pl.minSubtotalInvalid, pl.minSubtotalInvalid)]))
    .optional(),
  isActive: z.boolean({ message: messages.common.invalidInput }).optional(),
};
const pk = staffMessages.promoKind;
/** What a promo code takes off (decision 222): a percentage, or a fixed amount in euros. */
export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
/** Euros above zero as a form sends them ("5", "5.00" or "5,00"); blank or absent: none. */
const amountField = z
  .preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    moneySchema(pk.amountInvalid, pk.amountInvalid)
      .refine((n) => n > 0, { message: pk.amountInvalid })
      .optional(),
  )
  .optional();
/** The field of the code's kind is required; the other one is not read (a percentage code keeps no amount). */
const kindHasItsValue = (
  v: { discountKind: PromoKind; discountPercentage?: number; discountAmount?: number },
  ctx: z.RefinementCtx,
) => {
  if (v.discountKind === 'fixed' && v.discountAmount === undefined)
    ctx.addIssue({ code: 'custom', path: ['discountAmount'], message: messages.common.required });
  if (v.discountKind === 'percent' && v.discountPercentage === undefined)
    ctx.addIssue({ code: 'custom', path: ['discountPercentage'], message: messages.common.required });
};
/** Checked even when another field failed, so an empty form lists the missing percentage with the missing code. */
const kindIsKnown = {
  when: (payload: { value: unknown }) => {
    const kind = (payload.value as { discountKind?: unknown } | null)?.discountKind;
    return kind === 'percent' || kind === 'fixed';
  },
};
/** A promo with no products applies to the whole cart; with products, only to those lines. */
const promoFields = {
  codeName: codeField,
  /** Absent: a percentage code, as every code before decision 222. */
  discountKind: z.enum(PROMO_KINDS, { message: pk.kindInvalid }).default('percent'),
  discountPercentage: optionalPercentageField,
  discountAmount: amountField,
  startDate: dateField,
  endDate: dateField,
  applicableProductIDs: productIdsOptional,
  ...promoLimitFields,
};

export const CreateProductDiscountInput = z.object(productDiscountFields).superRefine(endNotBeforeStart);
export type CreateProductDiscountInput = z.infer<typeof CreateProductDiscountInput>;

/** Edit: same rules (the server keeps 1–100 on edit as well, see docs/decisions/060). */
export const UpdateProductDiscountInput = z
  .object({ productDiscountID: productId, ...productDiscountFields })
  .superRefine(endNotBeforeStart);
export type UpdateProductDiscountInput = z.infer<typeof UpdateProductDiscountInput>;

export const CreatePromoInput = z
  .object(promoFields)
  .superRefine(endNotBeforeStart)
  .superRefine(kindHasItsValue, kindIsKnown);
export type CreatePromoInput = z.infer<typeof CreatePromoInput>;

export const UpdatePromoInput = z
  .object({ promoCodeDiscountID: productId, ...promoFields })
  .superRefine(endNotBeforeStart)
  .superRefine(kindHasItsValue, kindIsKnown);
export type UpdatePromoInput = z.infer<typeof UpdatePromoInput>;

export const DiscountIdInput = z.object({ id: productId });
