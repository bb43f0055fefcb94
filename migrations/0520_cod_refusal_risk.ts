// Refusal risk for cash on delivery (issue 37, decision 272).
// - buyers.delivered: orders delivered and not returned, beside the refusals and cancellations the buyers rollup
//   already keeps (decision 256); filled here from the orders, then kept by the rollup's settling.
// - blocked_phones: phones staff blocked, in their stored form (E.164, decision 246), with the note and who and when.
// - orders.held_at: set when a checkout came from a blocked phone; the order waits for staff to release it (no stage
//   move until then). Null for every other order.
import { type Kysely, sql } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('buyers')
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE buyers SET delivered = (SELECT COUNT(*) FROM orders o WHERE o.buyer_id = buyers.buyer_id
    AND o.status = 'delivered' AND o.closed_as IS NULL)`.execute(db);
  await db.schema
    .createTable('blocked_phones')
    .addColumn('blocked_phone_id', 'integer', autoId(db))
    .addColumn('phone', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('blocked_by_user_id', 'integer')
    .addColumn('blocked_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('orders').addColumn('held_at', 'varchar(40)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('held_at').execute();
  await db.schema.dropTable('blocked_phones').ifExists().execute();
  await db.schema.alterTable('buyers').dropColumn('delivered').execute();
}
