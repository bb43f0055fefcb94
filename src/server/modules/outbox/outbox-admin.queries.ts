// SQL of the staff outbox screen (/dashboard/emails): one page newest first with the total, one message, and
// "resend" for a failed message. Portable Kysely (decision 140); search is one LIKE per row (decision 134).
import type { DB } from '#server/db/client';
import type { MailStatus } from '#server/db/schema';
import { containsIgnoringCase } from '#server/db/dialect';

const LIST_COLUMNS = [
  'mail_id',
  'kind',
  'recipient',
  'subject',
  'status',
  'attempts',
  'last_error',
  'order_id',
  'created_at',
  'sent_at',
  'next_attempt_at',
] as const;
const SEARCHED_COLUMNS = ['recipient', 'subject', 'kind'] as const;

function filtered(db: DB, words: string[], status: MailStatus | undefined) {
  let q = db.selectFrom('mail_outbox');
  if (status) q = q.where('status', '=', status);
  for (const word of words) q = q.where(containsIgnoringCase(SEARCHED_COLUMNS, word));
  return q;
}

/** One page newest first (index mail_outbox_created) and how many match. */
export async function pageOutbox(
  db: DB,
  words: string[],
  status: MailStatus | undefined,
  limit: number,
  offset: number,
) {
  const total = Number(
    (
      await filtered(db, words, status)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (offset >= total) return { rows: [], total };
  const rows = await filtered(db, words, status)
    .select(LIST_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('mail_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}

export function outboxMessage(db: DB, id: number) {
  return db
    .selectFrom('mail_outbox')
    .select([...LIST_COLUMNS, 'reply_to', 'html', 'text_body', 'body_cleared_at'])
    .where('mail_id', '=', id)
    .executeTakeFirst();
}

/** A failed message goes back to the queue with fresh attempts; false when it is not (or no longer) failed. */
export async function requeueFailed(db: DB, id: number, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('mail_outbox')
    .set({
      status: 'queued',
      attempts: 0,
      next_attempt_at: nowIso,
      last_error: null,
      claim_token: null,
      claimed_until: null,
    })
    .where('mail_id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
