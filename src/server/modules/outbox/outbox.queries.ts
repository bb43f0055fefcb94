// SQL of the e-mail outbox (portable Kysely: runs on SQLite and PostgreSQL). Times are ISO-8601 text, which
// compares in time order as strings.
import { sql } from 'kysely';
import type { DB } from '#server/db/client';
import type { MailOutboxTable, MailStatus } from '#server/db/schema';

export type NewMailRow = Pick<
  MailOutboxTable,
  | 'kind'
  | 'recipient'
  | 'reply_to'
  | 'subject'
  | 'html'
  | 'text_body'
  | 'order_id'
  | 'secret_kind'
  | 'secret_ref'
  | 'created_at'
  | 'next_attempt_at'
>;

export async function insertMail(db: DB, row: NewMailRow): Promise<number> {
  const r = await db.insertInto('mail_outbox').values(row).returning('mail_id').executeTakeFirstOrThrow();
  return r.mail_id;
}

/** Ids of messages due now: queued and past their next attempt, or claimed by a process whose lease ran out. */
export async function dueMailIds(db: DB, nowIso: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('mail_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', nowIso)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .orderBy('mail_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.mail_id);
}

/**
 * Claims one message for this process: a single guarded UPDATE that only matches while the row is still due, so of
 * two processes racing for it exactly one sees an updated row (true) and sends it.
 */
export async function claimMail(
  db: DB,
  id: number,
  token: string,
  nowIso: string,
  leaseUntilIso: string,
): Promise<boolean> {
  const r = await db
    .updateTable('mail_outbox')
    .set({ status: 'sending', claim_token: token, claimed_until: leaseUntilIso, attempts: sql<number>`attempts + 1` })
    .where('mail_id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', nowIso)]),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

const mailColumns = [
  'mail_id',
  'kind',
  'recipient',
  'reply_to',
  'subject',
  'html',
  'text_body',
  'status',
  'attempts',
  'next_attempt_at',
  'claim_token',
  'last_error',
  'order_id',
  'created_at',
  'sent_at',
  'secret_kind',
  'secret_ref',
] as const;

export function mailById(db: DB, id: number) {
  return db.selectFrom('mail_outbox').select(mailColumns).where('mail_id', '=', id).executeTakeFirst();
}

/** Marks a claimed message sent (only while this process still holds the claim). */
export async function markSent(db: DB, id: number, token: string, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: nowIso, claim_token: null, claimed_until: null, last_error: null })
    .where('mail_id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records a failed attempt: back to queued with a later next attempt, or failed for good. */
export async function markAttemptFailed(
  db: DB,
  id: number,
  token: string,
  status: Extract<MailStatus, 'queued' | 'failed'>,
  nextAttemptIso: string,
  error: string,
) {
  await db
    .updateTable('mail_outbox')
    .set({ status, next_attempt_at: nextAttemptIso, claim_token: null, claimed_until: null, last_error: error })
    .where('mail_id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/** Without SMTP: queued messages that carry no error yet get the reason they wait (they stay queued). */
export async function labelUnsent(db: DB, reason: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ last_error: reason })
    .where('status', '=', 'queued')
    .where('last_error', 'is', null)
    .execute();
}

/** The state of some messages, by id (the primary key; a caller asks for one thread's few). */
export function mailStatesByIds(db: DB, ids: readonly number[]) {
  return db
    .selectFrom('mail_outbox')
    .select(['mail_id', 'status', 'sent_at', 'last_error'])
    .where('mail_id', 'in', ids)
    .execute();
}

/** How many e-mails the outbox holds in each state (index mail_outbox_due leads with the status). */
export function countByStatus(db: DB) {
  return db
    .selectFrom('mail_outbox')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
}

/**
 * Empties the bodies of up to `limit` sent messages sent before `cutoffIso` (decision 241), oldest first, keyed by
 * id: the inner SELECT walks index mail_outbox_body_kept (status, body_cleared_at, sent_at) past nothing already
 * cleared, and the outer WHERE repeats its conditions, so a row another process cleared meanwhile is left alone.
 * Returns how many rows this statement cleared. Kind, recipient, subject, order and dates stay.
 */
export async function clearSentBodies(db: DB, cutoffIso: string, nowIso: string, limit: number): Promise<number> {
  const r = await db
    .updateTable('mail_outbox')
    .set({ html: '', text_body: '', body_cleared_at: nowIso })
    .where('status', '=', 'sent')
    .where('body_cleared_at', 'is', null)
    .where('sent_at', '<', cutoffIso)
    .where('mail_id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('mail_id')
        .where('status', '=', 'sent')
        .where('body_cleared_at', 'is', null)
        .where('sent_at', '<', cutoffIso)
        .orderBy('sent_at')
        .orderBy('mail_id')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
