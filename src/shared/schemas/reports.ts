// The reports' inputs (decision 230): a period of shop-time days (both included, at most a year) and its buckets;
// the CSV names which of the report's tables it writes.
import { z } from 'zod';
import { staffMessages } from '../messages-staff';
import { daysInPeriod, REPORT_GRANULARITIES, REPORT_MAX_DAYS } from '../report-periods';
import { dateField } from './discounts';

const r = staffMessages.reports;

const periodFields = {
  from: dateField,
  to: dateField,
  granularity: z.enum(REPORT_GRANULARITIES, { message: r.kindInvalid }).default('day'),
};

type Period = { from: string; to: string };
const inOrder = (v: Period) => daysInPeriod(v.from, v.to) >= 1;
const notTooLong = (v: Period) => daysInPeriod(v.from, v.to) <= REPORT_MAX_DAYS;

export const ReportInput = z
  .object(periodFields)
  .refine(inOrder, { message: r.rangeInvalid, path: ['to'] })
  .refine(notTooLong, { message: r.rangeTooLong, path: ['to'] });
export type ReportInput = z.infer<typeof ReportInput>;

/** The tables a report CSV can hold: the series behind the charts, the top lists, the rates by place. */
export const REPORT_CSV_KINDS = ['series', 'products', 'sizes', 'colors', 'categories', 'cities', 'countries'] as const;
export type ReportCsvKind = (typeof REPORT_CSV_KINDS)[number];

export const ReportCsvInput = z
  .object({ ...periodFields, kind: z.enum(REPORT_CSV_KINDS, { message: r.kindInvalid }) })
  .refine(inOrder, { message: r.rangeInvalid, path: ['to'] })
  .refine(notTooLong, { message: r.rangeTooLong, path: ['to'] });
export type ReportCsvInput = z.infer<typeof ReportCsvInput>;
