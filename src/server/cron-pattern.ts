// Schedules given as a daily shop time or a cron expression (BACKUP_SCHEDULE, LOW_STOCK_DIGEST_SCHEDULE): "03:30" is
// "30 3 * * *"; five fields (six with seconds first) are taken as they are. croner runs them in the shop's time zone.

/** "03:30" -> "30 3 * * *"; anything else is already a cron expression. */
export function cronPattern(schedule: string): string {
  const daily = /^(\d{1,2}):(\d{2})$/.exec(schedule);
  return daily ? `${Number(daily[2])} ${Number(daily[1])} * * *` : schedule;
}
