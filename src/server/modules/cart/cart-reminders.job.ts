// The forgotten-cart job (decision 275): every CART_REMINDER_SCHEDULE (croner, shop time, like the low-stock digest of
// decision 231) it reads the carts whose reminder is due (index cart_followups_due), 50 at a time with a turn of the
// event loop between batches, and queues each reminder through the outbox. Nothing is queued outside the shop-time
// hours CART_REMINDER_HOURS (no e-mail at night: due carts wait for the morning). Each reminder is claimed with a
// guarded UPDATE in the transaction that queues its e-mail, so two runs or two processes queue it once.
import { colourAndSize } from '#shared/colours';
import { SHOP_TIME_ZONE } from '#shared/dates';
import type { AppDeps } from '#server/deps';
import type { Logger } from '#server/log';
import { nextTurn, timeSlices } from '#server/time-slices';
import { reminderRecipients } from '../accounts';
import { variantSnapshots, type VariantSnapshot } from '../catalog';
import { cartReminderMail, enqueueMail, notifyMailQueued } from '../outbox';
import * as cq from './cart.queries';
import * as q from './cart-reminders.queries';
import { REMINDER_SECRET, normalEmail, reminderSettings } from './cart-reminders.service';

const BATCH = 50;
/** A run stops after this many batches (the next run goes on): a bound, never reached by a shop's carts. */
const MAX_BATCHES = 200;
const HOUR_MS = 3_600_000;
const MAX_REMINDERS = 2;

type Deps = Pick<AppDeps, 'db' | 'config'>;
type Due = Awaited<ReturnType<typeof q.dueFollowups>>[number];
type Line = { variant_id: number; quantity: number };

/** The hour (0-23) on the shop's clock at `now`. */
export function shopHour(now: Date): number {
  const h = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(
    now,
  );
  return Number(h);
}

export interface ReminderRun {
  queued: number;
  stopped: number;
  quiet: boolean;
}

/** One run: queues every due reminder (tests call it with a fixed clock). */
export async function runCartReminders(
  deps: Deps,
  now: Date = new Date(),
  opts: { anyHour?: boolean } = {},
): Promise<ReminderRun> {
  const run: ReminderRun = { queued: 0, stopped: 0, quiet: false };
  const cfg = reminderSettings(deps.config);
  const hour = shopHour(now);
  // The demo seed alone asks for anyHour: its reminder must sit in the outbox whenever `npm start` runs.
  if (!opts.anyHour && (hour < cfg.fromHour || hour >= cfg.toHour)) return { ...run, quiet: true };
  for (let i = 0; i < MAX_BATCHES; i++) {
    const rows = await q.dueFollowups(deps.db, now.toISOString(), BATCH);
    if (rows.length > 0) await remindBatch(deps, rows, now, run);
    if (rows.length < BATCH) break;
    await nextTurn();
  }
  if (run.queued > 0) notifyMailQueued();
  return run;
}

async function remindBatch(deps: Deps, rows: Due[], now: Date, run: ReminderRun) {
  const userIds = rows.flatMap((r) => (r.user_id !== null ? [r.user_id] : []));
  const recipients = await reminderRecipients(deps, userIds);
  const lines = new Map<string, Line[]>();
  for (const l of await cq.cartRowsOfUsers(deps.db, userIds)) push(lines, `u${l.user_id}`, l);
  const guestIds = rows.flatMap((r) => (r.user_id === null ? [r.followup_id] : []));
  for (const l of await q.guestLinesOf(deps.db, guestIds)) push(lines, `g${l.followup_id}`, l);
  const emailOf = (r: Due) =>
    r.user_id !== null ? normalEmail(recipients.get(r.user_id)?.email ?? '') : (r.guest_email ?? '');
  const optouts = await q.optedOut(deps.db, rows.map(emailOf).filter(Boolean));
  const snaps = await variantSnapshots(
    deps,
    [...lines.values()].flat().map((l) => l.variant_id),
  );
  const slices = timeSlices(20);
  for (const row of rows) {
    if (slices.spent()) await slices.next();
    const email = emailOf(row);
    const own = (lines.get(row.user_id !== null ? `u${row.user_id}` : `g${row.followup_id}`) ?? []).flatMap((l) => {
      const snap = snaps.get(l.variant_id);
      return snap && snap.isActive ? [{ line: l, snap }] : [];
    });
    if (!email || own.length === 0 || optouts.has(email)) {
      await q.stopFollowupById(deps.db, row.followup_id);
      run.stopped++;
      continue;
    }
    const name = row.user_id !== null ? (recipients.get(row.user_id)?.firstName ?? null) : null;
    if (await queueReminder(deps, row as Due & { due_at: string }, email, name, own, now)) run.queued++;
  }
}

function push(map: Map<string, Line[]>, key: string, line: Line) {
  const list = map.get(key);
  if (list) list.push(line);
  else map.set(key, [line]);
}

async function queueReminder(
  deps: Deps,
  row: Due & { due_at: string },
  email: string,
  firstName: string | null,
  own: { line: Line; snap: VariantSnapshot }[],
  now: Date,
): Promise<boolean> {
  const cfg = reminderSettings(deps.config);
  const sequence = row.reminders_sent + 1;
  const next =
    sequence < MAX_REMINDERS && cfg.secondAfterHours > 0
      ? new Date(now.getTime() + cfg.secondAfterHours * HOUR_MS).toISOString()
      : null;
  const mailLines = own.map(({ line, snap }) => ({
    productName: snap.productName,
    variant: colourAndSize(snap.color, snap.size, ', '),
    quantity: line.quantity,
    unitPriceCents: snap.unitPriceCents,
    stock: snap.stockQuantity,
  }));
  const value = own.reduce((sum, { line, snap }) => sum + line.quantity * snap.unitPriceCents, 0);
  const mail = cartReminderMail(firstName, mailLines, sequence);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await q.claimReminder(trx, row, next))) return false;
    const reminderId = await q.insertReminder(trx, {
      followup_id: row.followup_id,
      user_id: row.user_id,
      email,
      sequence,
      sent_at: now.toISOString(),
      value_cents: value,
    });
    await enqueueMail(
      trx,
      { kind: 'cart_reminder', to: email, ...mail, secret: { kind: REMINDER_SECRET, ref: reminderId } },
      now,
    );
    return true;
  });
}

/** The job's schedule: stop it, or ask when it runs next. */
export interface ReminderSchedule {
  stop: () => void;
  nextRun: (after?: Date) => Date | null;
}

/** Runs the job on CART_REMINDER_SCHEDULE (cron, shop time); croner is loaded here, as for the low-stock digest. */
export async function scheduleCartReminders(deps: Deps, log: Logger): Promise<ReminderSchedule> {
  const { Cron } = await import('croner');
  const pattern = reminderSettings(deps.config).schedule;
  const job = new Cron(pattern, { timezone: SHOP_TIME_ZONE, protect: true, unref: true }, async () => {
    try {
      const r = await runCartReminders(deps);
      if (r.queued > 0) log.info(`Forgotten-cart reminders queued: ${r.queued}`);
    } catch (err) {
      log.error({ err: err instanceof Error ? err.message : String(err) }, 'Forgotten-cart reminders failed');
    }
  });
  return { stop: () => job.stop(), nextRun: (after) => job.nextRun(after) };
}
