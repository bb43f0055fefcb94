// BACKUP_SCHEDULE inside the server (decision 153): "03:30" runs a backup daily at that time in the shop's time
// zone (Europe/Belgrade, decision 006); a five-field cron expression is taken as it is, in the same zone (croner).
import { Cron } from 'croner';
import { SHOP_TIME_ZONE } from '../../shared/dates';
import type { AppConfig } from '../config';
import type { Logger } from '../log';
import { createBackup } from './backup';

/** "03:30" -> "30 3 * * *"; anything else is already a cron expression. */
export function cronPattern(schedule: string): string {
  const daily = /^(\d{1,2}):(\d{2})$/.exec(schedule);
  return daily ? `${Number(daily[2])} ${Number(daily[1])} * * *` : schedule;
}

/** Starts the schedule; returns a stop function (or null when BACKUP_SCHEDULE is unset). */
export function scheduleBackups(config: AppConfig, log: Logger): { stop: () => void; next: () => Date | null } | null {
  if (!config.backupSchedule) return null;
  if (config.databaseUrl) {
    log.warn('BACKUP_SCHEDULE is ignored on PostgreSQL: back the database up with pg_dump or your provider\'s snapshots (README, decision 140)');
    return null;
  }
  const job = new Cron(cronPattern(config.backupSchedule), { timezone: SHOP_TIME_ZONE, protect: true, unref: true }, async () => {
    try {
      const r = await createBackup({ databasePath: config.databasePath, uploadsDir: config.uploadsDir, backupDir: config.backupDir, keep: config.backupKeep });
      log.info({ backup: r.database, uploads: r.uploads, pages: r.pages, ms: r.ms, removed: r.removed.length }, 'Scheduled backup written');
    } catch (err) {
      log.error({ err: err instanceof Error ? err.message : String(err) }, 'Scheduled backup failed');
    }
  });
  log.info(`Backups scheduled (${config.backupSchedule}, ${SHOP_TIME_ZONE}); next at ${job.nextRun()?.toISOString()} into ${config.backupDir}`);
  return { stop: () => job.stop(), next: () => job.nextRun() };
}
