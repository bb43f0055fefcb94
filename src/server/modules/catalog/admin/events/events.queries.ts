// SQL of staff event (tag) writes.
import type { DB } from '#server/db/client';

export async function insertEvent(db: DB, name: string) {
  return (await db.insertInto('events').values({ event_name: name }).returning('event_id').executeTakeFirstOrThrow())
    .event_id;
}
export const updateEvent = (db: DB, id: number, name: string) =>
  db.updateTable('events').set({ event_name: name }).where('event_id', '=', id).executeTakeFirst();
export const deleteEvent = (db: DB, id: number) =>
  db.deleteFrom('events').where('event_id', '=', id).executeTakeFirst();
