// BACKUP_SCHEDULE inside the server (decisions 153, 203): "03:30" runs a backup daily at that time in the shop's time
// zone (Europe/Belgrade, decision 006); a five-field cron expression (six with seconds first) is taken as it is, in
// the same zone (croner). Each run is awaited (croner's `protect` skips a run while the previous one is busy), logs
// what it wrote or why it failed, and leaves no partial file; stopping the shop aborts a running backup. With
// BACKUP_STORAGE_URL each backup is then uploaded to the bucket (decision 266); an upload that still fails after its
// attempts is logged, counted in /metrics and tried again every RETRY_MS until it succeeds or the next run does it.
import { Cron } from 'croner';
import { SHOP_TIME_ZONE } from '#shared/dates';
import type { AppConfig } from '../config';
import { cronPattern } from '../cron-pattern';
import type { Logger } from '../log';
import { createBackup } from './backup';
import { formatBytes } from './command';
import { syncOffsite } from './offsite';
import { openS3Store } from '../storage/open';

/** How long after a failed upload to the bucket the schedule tries again. */
const RETRY_MS = 15 * 60 * 1000;

export interface BackupSchedule {
  /** Stops the schedule and aborts a running backup; resolves once it has cleaned up. */
  stop: () => Promise<void>;
  next: () => Date | null;
}

/**
 * Uploads to BACKUP_STORAGE_URL after each scheduled backup (decision 266): a failure after its attempts is logged
 * and tried again every RETRY_MS until it succeeds or the next backup's upload does. Nothing when it is unset.
 */
function offsiteUploads(config: AppConfig, log: Logger, signal: AbortSignal) {
  let retry: NodeJS.Timeout | undefined;
  const upload = async (): Promise<void> => {
    clearTimeout(retry);
    if (!config.backupStorage || signal.aborted) return;
    const store = await openS3Store(config.backupStorage);
    try {
      const r = await syncOffsite(store, config.backupDir, config.backupKeep, {
        firstRetryMs: (config.backupUploadRetrySeconds ?? 5) * 1000,
        signal,
        onFailure: (message) => log.warn(message),
      });
      log.info(
        { uploaded: r.uploaded.length, removed: r.removed.length, store: store.description },
        `Backups uploaded to ${store.description}: ${r.uploaded.length} sent, ${r.removed.length} old object(s) removed`,
      );
    } catch (err) {
      if (signal.aborted) return;
      const message = err instanceof Error ? err.message : String(err);
      log.error({ err: message, store: store.description }, `Backup upload failed: ${message}`);
      retry = setTimeout(() => void upload(), RETRY_MS).unref();
    }
  };
  return { upload, stop: () => clearTimeout(retry) };
}

/** Starts the schedule (or returns null when BACKUP_SCHEDULE is unset or the database is PostgreSQL). */
export function scheduleBackups(config: AppConfig, log: Logger): BackupSchedule | null {
  if (!config.backupSchedule) return null;
  if (config.databaseUrl) {
    log.warn(
      "BACKUP_SCHEDULE is ignored on PostgreSQL: back the database up with pg_dump or your provider's snapshots (docs/operations.md, decision 140)",
    );
    return null;
  }
  const stopping = new AbortController();
  let running: Promise<void> = Promise.resolve();
  const offsite = offsiteUploads(config, log, stopping.signal);
  const run = async () => {
    try {
      const r = await createBackup({
        databasePath: config.databasePath,
        uploadsDir: config.uploadsDir,
        backupDir: config.backupDir,
        keep: config.backupKeep,
        pictures: config.storage ? await openS3Store(config.storage) : undefined,
        signal: stopping.signal,
      });
      log.info(
        {
          backup: r.database,
          databaseBytes: r.databaseBytes,
          uploads: r.uploads,
          uploadsBytes: r.uploadsBytes,
          files: r.files,
          pages: r.pages,
          ms: r.ms,
          removed: r.removed.length,
        },
        `Scheduled backup written: ${r.database} (${formatBytes(r.databaseBytes)}) and ${r.uploads} (${formatBytes(r.uploadsBytes)}, ${r.files} files) in ${r.ms} ms`,
      );
      await offsite.upload();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (stopping.signal.aborted)
        log.warn(`Scheduled backup stopped by the shutdown; its partial files were removed (${message})`);
      else log.error({ err: message }, `Scheduled backup failed: ${message}`);
    }
  };
  const job = new Cron(
    cronPattern(config.backupSchedule),
    { timezone: SHOP_TIME_ZONE, protect: true, unref: true },
    () => {
      running = run();
      return running;
    },
  );
  log.info(
    `Backups scheduled (${config.backupSchedule}, ${SHOP_TIME_ZONE}); next at ${job.nextRun()?.toISOString()} into ${config.backupDir}`,
  );
  return {
    stop: () => {
      job.stop();
      offsite.stop();
      stopping.abort(new Error('the shop is shutting down'));
      return running;
    },
    next: () => job.nextRun(),
  };
}
