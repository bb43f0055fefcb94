// The daily low-stock digest (decision 231): once per shop day, when anything is below its threshold, one e-mail
// to SHOP_EMAIL through the outbox. The day is claimed in app_settings ('low_stock_digest:YYYY-MM-DD') in the same
// transaction that queues the e-mail, so several processes (or a restart) running the job the same day send one.
// runLowStockDigest is the job itself (tests call it with a fixed clock); scheduleLowStockDigest runs it daily at
// LOW_STOCK_DIGEST_HOUR shop time, or on LOW_STOCK_DIGEST_SCHEDULE when set (croner).
import { lineColour, colourAndSize } from '#shared/colours';
import { SHOP_TIME_ZONE, shopToday } from '#shared/dates';
import type { AppDeps } from '#server/deps';
import type { Logger } from '#server/log';
import { cronPattern } from '#server/cron-pattern';
import { claimSetting } from '#server/settings.queries';
import { enqueueMail, linkBase, lowStockDigestMail, mailSettings, notifyMailQueued } from '#server/modules/outbox';
import { shopThreshold } from './stock-admin.service';
import * as q from './stock-admin.queries';

/** Variants the e-mail lists by name (the rest are counted). */
const DIGEST_LINES = 50;
export const DIGEST_CLAIM_PREFIX = 'low_stock_digest:';

export type DigestOutcome =
  | { sent: true; day: string; total: number; mailId: number }
  | { sent: false; day: string; why: 'nothing_low' | 'already_sent' };

export async function runLowStockDigest(deps: AppDeps, now: Date = new Date()): Promise<DigestOutcome> {
  const day = shopToday(now);
  const threshold = await shopThreshold(deps.db);
  const { rows, total } = await q.lowStockPage(deps.db, threshold, DIGEST_LINES, 0);
  if (total === 0) return { sent: false, day, why: 'nothing_low' };
  const lines = rows.map((r) => ({
    productName: r.name,
    variant: colourAndSize(lineColour({ colorName: r.color_name, hexCode: r.hex_code }), r.size_name, ', '),
    stock: r.stock_quantity,
    threshold: r.low_stock_threshold ?? threshold,
  }));
  const mail = lowStockDigestMail(day, lines, total, `${linkBase(deps.config)}/dashboard`);
  const mailId = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimSetting(trx, DIGEST_CLAIM_PREFIX + day, now.toISOString()))) return null;
    return enqueueMail(trx, { kind: 'low_stock_digest', to: mailSettings(deps.config).shopEmail, ...mail }, now);
  });
  if (mailId === null) return { sent: false, day, why: 'already_sent' };
  notifyMailQueued();
  return { sent: true, day, total, mailId };
}

/** The daily digest's job: stop it, or ask when it runs next after a moment (shop time's clock changes included). */
export interface DigestSchedule {
  stop: () => void;
  nextRun: (after?: Date) => Date | null;
}

/** Runs the digest every day at `when`:00 shop time (an hour), or on a schedule ("HH:MM" or cron, shop time).
 *  croner is loaded here, so importing the catalogue costs no start-up time. */
export async function scheduleLowStockDigest(
  deps: AppDeps,
  when: number | string,
  log: Logger,
): Promise<DigestSchedule> {
  const { Cron } = await import('croner');
  const pattern = typeof when === 'number' ? `0 ${when} * * *` : cronPattern(when);
  const job = new Cron(pattern, { timezone: SHOP_TIME_ZONE, protect: true, unref: true }, async () => {
    try {
      const r = await runLowStockDigest(deps);
      if (r.sent) log.info(`Low-stock digest queued for ${r.day}: ${r.total} variants below their threshold`);
    } catch (err) {
      log.error({ err: err instanceof Error ? err.message : String(err) }, 'Low-stock digest failed');
    }
  });
  return { stop: () => job.stop(), nextRun: (after) => job.nextRun(after) };
}
