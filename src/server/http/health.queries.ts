// The readiness probe's one query: the database answers at all (portable: no table, no dialect-specific SQL).
import { sql } from 'kysely';
import type { DB } from '../db/client';

export async function ping(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
