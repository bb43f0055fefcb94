// The reports' "paid with credit" reads gift cards' order spends in a period (decision 274, amended): an index on
// (reason, created_at) finds them without reading every entry, as 0550 made for store credit. Portable DDL (decision 140).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('gift_card_entries_reason_created')
    .on('gift_card_entries')
    .columns(['reason', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gift_card_entries_reason_created').execute();
}
