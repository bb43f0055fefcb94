// SQL of contact messages.
import type { DB } from '../../db/client';

export function insertMessage(db: DB, m: { name: string; phone: string; email: string; message: string }) {
  return db.insertInto('contact_messages').values(m).returning(['contact_id', 'name', 'phone', 'email', 'message', 'is_replied', 'created_at']).executeTakeFirstOrThrow();
}

export function listMessages(db: DB) {
  return db
    .selectFrom('contact_messages')
    .select(['contact_id', 'name', 'phone', 'email', 'message', 'is_replied', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('contact_id', 'desc')
    .execute();
}

export async function markReplied(db: DB, id: number): Promise<boolean> {
  const r = await db.updateTable('contact_messages').set({ is_replied: 1 }).where('contact_id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteMessage(db: DB, id: number): Promise<boolean> {
  const r = await db.deleteFrom('contact_messages').where('contact_id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export function messageById(db: DB, id: number) {
  return db.selectFrom('contact_messages').select(['contact_id', 'name', 'phone', 'email', 'message', 'is_replied', 'created_at']).where('contact_id', '=', id).executeTakeFirst();
}
