// The reports' periods (decision 230): shop-time calendar days yyyy-mm-dd, both ends included. A period is cut into
// buckets (days, Monday weeks or calendar months, the first and last clipped to the period); the previous period is
// the same number of days just before, cut into the same buckets shifted back by that length, so bucket i of the
// previous period lines up with bucket i of the chosen one.
import { addDays, weekdayOf } from './dates';
import { fill } from './messages';
import { staffMessages } from './messages-staff';

export const REPORT_GRANULARITIES = ['day', 'week', 'month'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

export const REPORT_PRESETS = ['last7', 'last30', 'thisMonth', 'lastMonth', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** The longest period a report covers: a year (a leap year's 366 days). */
export const REPORT_MAX_DAYS = 366;

export interface DayBucket {
  /** First day (yyyy-mm-dd). */
  start: string;
  /** Last day, included. */
  end: string;
}

const DAY_MS = 86_400_000;
const utcNoon = (day: string) => Date.parse(`${day}T12:00:00Z`);

/** Days from `from` to `to`, both included (1 for a single day; 0 or less when `to` is before `from`). */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((utcNoon(to) - utcNoon(from)) / DAY_MS) + 1;
}

/** The first day of the bucket after the one holding `day`. */
function nextBucketStart(day: string, granularity: ReportGranularity): string {
  if (granularity === 'day') return addDays(day, 1);
  if (granularity === 'week') {
    return addDays(day, 7 - weekdayOf(day));
  }
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The period cut into buckets, oldest first. */
export function reportBuckets(from: string, to: string, granularity: ReportGranularity): DayBucket[] {
  const buckets: DayBucket[] = [];
  for (let start = from; start <= to;) {
    const next = nextBucketStart(start, granularity);
    const end = addDays(next, -1) < to ? addDays(next, -1) : to;
    buckets.push({ start, end });
    start = next;
  }
  return buckets;
}

/** The same number of days just before the period. */
export function previousPeriod(from: string, to: string): DayBucket {
  const n = daysInPeriod(from, to);
  return { start: addDays(from, -n), end: addDays(from, -1) };
}

/** A bucket moved by `days` (negative: back). */
export const shiftBucket = (b: DayBucket, days: number): DayBucket => ({
  start: addDays(b.start, days),
  end: addDays(b.end, days),
});

/** The days a preset names on a given shop day (custom keeps what was typed, so it is not handled here). */
export function presetPeriod(preset: Exclude<ReportPreset, 'custom'>, today: string): { from: string; to: string } {
  if (preset === 'last7') return { from: addDays(today, -6), to: today };
  if (preset === 'last30') return { from: addDays(today, -29), to: today };
  const monthStart = `${today.slice(0, 8)}01`;
  if (preset === 'thisMonth') return { from: monthStart, to: today };
  const lastEnd = addDays(monthStart, -1);
  return { from: `${lastEnd.slice(0, 8)}01`, to: lastEnd };
}

/** A day in Albanian short form for axes and tables: "2 nën". */
export function shortDay(day: string): string {
  const [, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${staffMessages.reports.monthsShort[m - 1]}`;
}

/** A bucket's label: "2 nën" (day), "java e 2 nën" (week, by its first day), "nën 2026" (month). */
export function bucketLabel(b: DayBucket, granularity: ReportGranularity): string {
  if (granularity === 'day') return shortDay(b.start);
  if (granularity === 'week') return fill(staffMessages.reports.weekOf, { date: shortDay(b.start) });
  const [y, m] = b.start.split('-').map(Number) as [number, number];
  return `${staffMessages.reports.monthsShort[m - 1]} ${y}`;
}

/** A range of days as "2 nën – 8 nën 2026" (the year once when both ends share it). */
export function rangeLabel(from: string, to: string): string {
  const [fy, ty] = [from.slice(0, 4), to.slice(0, 4)];
  if (from === to) return `${shortDay(from)} ${fy}`;
  return fy === ty ? `${shortDay(from)} – ${shortDay(to)} ${ty}` : `${shortDay(from)} ${fy} – ${shortDay(to)} ${ty}`;
}
