// Calendar dates as "yyyy-mm-dd" strings in the shop's time zone (Europe/Belgrade covers Kosovo).

export const SHOP_TIME_ZONE = 'Europe/Belgrade';

/** Today's date in the shop's time zone, as yyyy-mm-dd. */
export function shopToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The yyyy-mm-dd date `days` days after (or before, when negative) a yyyy-mm-dd date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const isoDay = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The yyyy-mm-dd date `months` months after (or before) a yyyy-mm-dd date, its day kept in the month (31.01 -> 28.02). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const [year, month] = [Math.floor(index / 12), (index % 12) + 1];
  return isoDay(year, month, Math.min(d, daysInMonth(year, month)));
}

/** Formats an ISO timestamp (in the shop's zone) or a yyyy-mm-dd date for display: "21.11.2026".
 *  Built by hand because browsers' Albanian locale data differ (Chromium prints "2026-11-21"). */
export function formatDate(value: string): string {
  const ymd = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : shopToday(new Date(value));
  const [y, m, d] = ymd.split('-');
  return `${d}.${m}.${y}`;
}

/** Whether a text is a yyyy-mm-dd date that exists (2026-02-31 is not). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** The number of days of a month (1-12) of a year: 28 or 29 for February. */
export function daysInMonth(year: number, month: number): number {
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0); // Date.UTC would read years below 100 as 19xx
  return last.getUTCDate();
}

/** The day of the week of a yyyy-mm-dd date, Monday first: 0 Monday ... 6 Sunday. */
export function weekdayOf(date: string): number {
  return (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
}

/** What a typed date says: the yyyy-mm-dd date, or why it names none (decision 258). */
type DateTextReading =
  | { date: string }
  | { problem: 'empty' | 'format' }
  | { problem: 'month'; month: number }
  | { problem: 'day'; year: number; month: number; days: number };

/**
 * Reads a date typed the shop's way, day first, whatever the browser's language: "27.11.2026", "27/11/2026",
 * "27-11-2026", "2.3.2026", "27.11.26" (a two-digit year is 2000 + it), "27112026", and the ISO "2026-11-27" that
 * the shop's CSV files hold. Spaces around the separators and a closing dot ("27. 11. 2026.") are allowed.
 */
export function readDateText(text: string): DateTextReading {
  const t = text.trim();
  if (!t) return { problem: 'empty' };
  const parts =
    /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t)?.slice(1).reverse() ??
    /^(\d{1,2})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{4}|\d{2})\.?$/.exec(t)?.slice(1) ??
    /^(\d{2})(\d{2})(\d{4}|\d{2})$/.exec(t)?.slice(1);
  if (!parts) return { problem: 'format' };
  const [d, m, yText] = parts as [string, string, string];
  const [day, month] = [Number(d), Number(m)];
  const year = yText.length === 2 ? 2000 + Number(yText) : Number(yText);
  if (day < 1) return { problem: 'format' };
  if (month < 1 || month > 12) return { problem: 'month', month };
  const days = daysInMonth(year, month);
  if (day > days) return { problem: 'day', year, month, days };
  return { date: isoDay(year, month, day) };
}

/**
 * Dots put in as digits are typed without them: "271" -> "27.1", "27112026" -> "27.11.2026". Text with separators
 * of its own ("2.3.2026", "27/11") or a trailing dot is left as it is.
 */
export function dotDateDigits(text: string): string {
  const m = /^(\d{2})(?:\.?(\d{1,2}))?(?:\.?(\d{1,4}))?$/.exec(text);
  if (!m || (m[3] !== undefined && (m[2] ?? '').length < 2)) return text;
  return [m[1], m[2], m[3]].filter((p) => p !== undefined).join('.');
}

const shopPartsFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Milliseconds the shop's clock is ahead of UTC at a given instant (3600000 in winter, 7200000 in summer). */
function shopOffsetMs(at: number): number {
  const p = Object.fromEntries(shopPartsFormatter.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** Day starts already worked out: a year's report asks for hundreds, each costing four Intl calls (decision 244). */
const dayStarts = new Map<string, string>();
const DAY_STARTS_KEPT = 5000;

/** The UTC instant (ISO) at which a shop-time calendar day (yyyy-mm-dd) starts; right across DST changes. */
export function shopDayStartIso(day: string): string {
  const known = dayStarts.get(day);
  if (known !== undefined) return known;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d);
  let at = naive - shopOffsetMs(naive);
  at = naive - shopOffsetMs(at); // second pass settles days on which the offset changes
  const start = new Date(at).toISOString();
  if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
  dayStarts.set(day, start);
  return start;
}

/**
 * An instant (ISO timestamp) as the shop's wall-clock time with its UTC offset, to the second:
 * "2026-03-29T03:30:00+02:00". The offset names which side of a DST change the time is on (the hour repeated in
 * October reads +02:00 then +01:00), so a spreadsheet row is never ambiguous. '' for no or a broken timestamp.
 */
export function shopDateTimeIso(iso: string | null | undefined): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return '';
  const offset = shopOffsetMs(at);
  const local = new Date(Math.floor(at / 1000) * 1000 + offset).toISOString().slice(0, 19);
  const minutes = Math.round(offset / 60_000);
  const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const mm = String(Math.abs(minutes) % 60).padStart(2, '0');
  return `${local}${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** An instant (ISO timestamp) as the shop's wall-clock date and minute: "24.11.2026 05:12"; '—' when missing. */
export function formatShopDateTime(iso: string | null | undefined): string {
  const local = shopDateTimeIso(iso);
  if (!local) return '—';
  return `${formatDate(local.slice(0, 10))} ${local.slice(11, 16)}`;
}

/** True when a yyyy-mm-dd window (inclusive at both ends) covers the given day (a promo code's or a discount's). */
export function windowCovers(startDate: string, endDate: string, today: string): boolean {
  return startDate <= today && today <= endDate;
}
