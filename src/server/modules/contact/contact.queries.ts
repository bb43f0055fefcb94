// SQL of contact messages.
import type { DB } from '#server/db/client';
import { containsIgnoringCase } from '#server/db/dialect';

export function insertMessage(db: DB, m: { name: string; phone: string; email: string; message: string }) {
  return db
    .insertInto('contact_messages')
    .values(m)
    .returning(['contact_id', 'name', 'phone', 'email', 'message', 'is_replied', 'created_at'])
    .executeTakeFirstOrThrow();
}

const MESSAGE_COLUMNS = ['contact_id', 'name', 'phone', 'email', 'message', 'is_replied', 'created_at'] as const;
const SEARCHED_COLUMNS = ['name', 'email', 'phone', 'message'] as const;

function filteredMessages(db: DB, words: string[]) {
  let q = db.selectFrom('contact_messages');
  for (const word of words) q = q.where(containsIgnoringCase(SEARCHED_COLUMNS, word));
  return q;
}

/** One page of messages, newest first (index contact_messages_created_at), and how many match (decision 134). */
export async function pageMessages(db: DB, words: string[], limit: number, offset: number) {
  const total = Number(
    (
      await filteredMessages(db, words)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (offset >= total) return { rows: [], total };
  const rows = await filteredMessages(db, words)
    .select(MESSAGE_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('contact_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}

export async function markReplied(db: DB, id: number): Promise<boolean> {
  const r = await db
    .updateTable('contact_messages')
    .set({ is_replied: 1 })
    .where('contact_id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteMessage(db: DB, id: number): Promise<boolean> {
  const r = await db.deleteFrom('contact_messages').where('contact_id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export function messageById(db: DB, id: number) {
  return db
    .selectFrom('contact_messages')
    .select(['contact_id', 'name', 'phone', 'email', 'message', 'is_replied', 'created_at'])
    .where('contact_id', '=', id)
    .executeTakeFirst();
}

/** A staff reply, with the outbox id of the e-mail that carries it (decision 257). */
export async function insertReply(
  db: DB,
  r: { contactId: number; userId: number | null; body: string; mailId: number; atIso: string },
): Promise<number> {
  const row = await db
    .insertInto('contact_replies')
    .values({ contact_id: r.contactId, user_id: r.userId, body: r.body, mail_id: r.mailId, created_at: r.atIso })
    .returning('reply_id')
    .executeTakeFirstOrThrow();
  return row.reply_id;
}

/** A message's replies, oldest first: one range of index contact_replies_contact_id (contact_id, reply_id). */
export function repliesOf(db: DB, contactId: number) {
  return db
    .selectFrom('contact_replies')
    .select(['reply_id', 'user_id', 'body', 'mail_id', 'created_at'])
    .where('contact_id', '=', contactId)
    .orderBy('reply_id')
    .execute();
}
