// Size guide inputs (issue 26): staff keep a table of measurements (cm) per category or per product, shared by the
// dashboard's editor and the server. Cells are typed as staff measure: "86", "86,5", "86–90" (a range), or empty.
import { z } from 'zod';
import { staffMessages } from '../messages-staff';
import { idSchema } from './numbers';

const m = staffMessages.sizeGuides;

export const SIZE_GUIDE_MAX_COLUMNS = 8;
export const SIZE_GUIDE_MAX_ROWS = 30;

const NUMBER = String.raw`\d{1,3}(?:[.,]\d)?`;
/** One cell: a measurement or a range of two, in cm; "-" between them is kept as the en dash the table shows. */
const MEASURE = new RegExp(`^(${NUMBER})(?:\\s*[-–]\\s*(${NUMBER}))?$`);

export const SizeGuideCell = z
  .string({ message: m.valueInvalid })
  .trim()
  .max(20, m.valueInvalid)
  .refine((v) => v === '' || MEASURE.test(v), m.valueInvalid)
  .transform((v) => v.replace(MEASURE, (_all, a: string, b?: string) => (b ? `${a}–${b}` : a)));

export const SizeGuideTarget = z.object({
  scope: z.enum(['category', 'product'], { message: m.unknownTarget }),
  targetID: idSchema(m.unknownTarget),
});
export type SizeGuideTarget = z.infer<typeof SizeGuideTarget>;

export const SaveSizeGuideInput = SizeGuideTarget.extend({
  columns: z
    .array(z.string({ message: m.columnRequired }).trim().min(1, m.columnRequired).max(30, m.columnRequired))
    .min(1, m.columnsRequired)
    .max(SIZE_GUIDE_MAX_COLUMNS, m.tooManyColumns),
  rows: z
    .array(z.object({ sizeID: idSchema(m.unknownSize), values: z.array(SizeGuideCell) }))
    .min(1, m.rowsRequired)
    .max(SIZE_GUIDE_MAX_ROWS, m.tooManyRows),
  note: z.preprocess((v) => v ?? '', z.string().trim().max(1000, staffMessages.dashboard.tooLong)),
}).superRefine((guide, ctx) => {
  const seen = new Set<number>();
  guide.rows.forEach((row, i) => {
    if (row.values.length !== guide.columns.length)
      ctx.addIssue({ code: 'custom', path: ['rows', i, 'values'], message: m.valuesCount });
    if (seen.has(row.sizeID)) ctx.addIssue({ code: 'custom', path: ['rows', i, 'sizeID'], message: m.sizeTwice });
    seen.add(row.sizeID);
  });
});
export type SaveSizeGuideInput = z.infer<typeof SaveSizeGuideInput>;
