// BACKUP_SCHEDULE: parsed at start-up, run inside the server in the shop's time zone.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_TIME_ZONE } from '../../shared/dates';
import { loadEnv } from '../config';
import type { AppDeps } from '../deps';
import { createLogger } from '../log';
import { createTestDeps } from '../testing/db';
import { listBackups } from './backup';
import { cronPattern, scheduleBackups } from './schedule';

let deps: AppDeps;
beforeAll(async () => {
  deps = await createTestDeps({}, 'sqlite'); // the file backup is SQLite's (PostgreSQL: pg_dump)
});
afterAll(() => deps.db.destroy());

describe('BACKUP_SCHEDULE', () => {
  it('takes a daily shop time or a cron expression, and refuses anything else', () => {
    expect(loadEnv({ BACKUP_SCHEDULE: '03:30' }).BACKUP_SCHEDULE).toBe('03:30');
    expect(loadEnv({ BACKUP_SCHEDULE: '0 */6 * * *' }).BACKUP_SCHEDULE).toBe('0 */6 * * *');
    expect(() => loadEnv({ BACKUP_SCHEDULE: '25:00' })).toThrow(/BACKUP_SCHEDULE: use a daily time such as 03:30/);
    expect(() => loadEnv({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP: must be at least 1/);
    expect(cronPattern('03:30')).toBe('30 3 * * *');
    expect(cronPattern('7:05')).toBe('5 7 * * *');
  });

  it('"03:30" means 03:30 in the shop time zone', () => {
    const job = scheduleBackups({ ...deps.config, backupSchedule: '03:30' }, createLogger('silent'))!;
    try {
      const next = job.next()!;
      const local = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false }).format(next);
      expect(local).toBe('03:30');
      expect(next.getTime()).toBeGreaterThan(Date.now());
      expect(next.getTime() - Date.now()).toBeLessThanOrEqual(25 * 3600 * 1000);
    } finally {
      job.stop();
    }
  });

  it('is not scheduled on PostgreSQL, and says why', () => {
    const lines: string[] = [];
    const log = { warn: (msg: unknown) => void lines.push(String(msg)), info: () => undefined, error: () => undefined } as unknown as ReturnType<typeof createLogger>;
    expect(scheduleBackups({ ...deps.config, databaseUrl: 'postgres://u:p@127.0.0.1:5432/shop', backupSchedule: '03:30' }, log)).toBeNull();
    expect(lines.join('\n')).toMatch(/pg_dump/);
  });

  it('writes backups inside the server while scheduled', async () => {
    fs.writeFileSync(`${deps.config.uploadsDir}/a.webp`, 'x');
    const job = scheduleBackups({ ...deps.config, backupSchedule: '* * * * * *' }, createLogger('silent'))!;
    try {
      for (let i = 0; i < 100 && listBackups(deps.config.backupDir).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      job.stop();
    }
    expect(listBackups(deps.config.backupDir).length).toBeGreaterThan(0);
  });
});
