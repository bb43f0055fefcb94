// Writes of the demo's return requests (decision 235): a request with its lines.
import type { Insertable } from 'kysely';
import type { DB } from '../db/client';
import type { Database } from '../db/schema';

export async function insertDemoReturn(
  db: DB,
  request: Insertable<Database['return_requests']>,
  lines: Array<Omit<Insertable<Database['return_request_lines']>, 'return_request_id'>>,
): Promise<number> {
  const { return_request_id: id } = await db
    .insertInto('return_requests')
    .values(request)
    .returning('return_request_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('return_request_lines')
    .values(lines.map((l) => ({ ...l, return_request_id: id })))
    .execute();
  return id;
}
