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

/** Formats an ISO timestamp (in the shop's zone) or a yyyy-mm-dd date for display: "21.11.2026".
 *  Built by hand because browsers' Albanian locale data differ (Chromium prints "2026-11-21"). */
export function formatDate(value: string): string {
  const ymd = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : shopToday(new Date(value));
  const [y, m, d] = ymd.split('-');
  return `${d}.${m}.${y}`;
}
