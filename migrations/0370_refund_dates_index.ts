// Indexes refunded return requests by the time they were recorded (issue 27, decisions 230/235): the overview and
// the reports subtract the refunds recorded in each day of their period, read in one question over the period.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('return_requests_state_updated')
    .on('return_requests')
    .columns(['state', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('return_requests_state_updated').ifExists().execute();
}
