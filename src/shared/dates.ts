// Calendar dates as "yyyy-mm-dd" strings in the shop's time zone (Europe/Belgrade covers Kosovo).

export const SHOP_TIME_ZONE = 'Europe/Belgrade';

/** Today's date in the shop's time zone, as yyyy-mm-dd. */
export function shopToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Formats an ISO timestamp or yyyy-mm-dd for display, e.g. "21.11.2026". */
export function formatDate(value: string): string {
  const d = value.length === 10 ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat('sq-AL', { timeZone: SHOP_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}
