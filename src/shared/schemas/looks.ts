// Look inputs (issue 37, decision 276), shared by the dashboard's look form and the server: a name, 2–6 distinct
// products in order and an optional set discount, a whole percent from 1 to 30 (null: none).
import { z } from 'zod';
import { staffMessages } from '../messages-staff';
import { idSchema } from './numbers';

const m = staffMessages.looks;

export const LOOK_MIN_PIECES = 2;
export const LOOK_MAX_PIECES = 6;
export const LOOK_MAX_DISCOUNT = 30;
/** The looks page shows at most this many looks, newest first. */
export const LOOKS_PAGE_LIMIT = 48;

export const LookIdInput = z.object({ lookID: idSchema(m.notFound) });
export type LookIdInput = z.infer<typeof LookIdInput>;

const discount = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number({ message: m.discountInvalid })
    .int(m.discountInvalid)
    .min(1, m.discountInvalid)
    .max(LOOK_MAX_DISCOUNT, m.discountInvalid)
    .nullable(),
);

export const SaveLookInput = z
  .object({
    name: z.string({ message: m.nameRequired }).trim().min(1, m.nameRequired).max(80, m.nameTooLong),
    discountPercentage: discount,
    productIDs: z
      .array(idSchema(m.unknownProduct), { message: m.piecesTooFew })
      .min(LOOK_MIN_PIECES, m.piecesTooFew)
      .max(LOOK_MAX_PIECES, m.piecesTooMany),
  })
  .superRefine((look, ctx) => {
    const seen = new Set<number>();
    look.productIDs.forEach((id, i) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', message: m.pieceTwice, path: ['productIDs', i] });
      seen.add(id);
    });
  });
export type SaveLookInput = z.infer<typeof SaveLookInput>;

export const UpdateLookInput = LookIdInput.and(SaveLookInput);
export type UpdateLookInput = z.infer<typeof UpdateLookInput>;
