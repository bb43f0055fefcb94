// Cash-on-delivery lifecycle (decision 180): an order can end cancelled (from pending) or returned (from
// delivered). The spec's status column keeps its two values and its CHECK; the outcome lives beside it, so no
// table is rebuilt. order_events keeps every change of state with its time and staff member.
import type { Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('closed_as', 'varchar(20)').execute();
  await db.schema.alterTable('orders').addColumn('closed_at', 'varchar(40)').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('closed_by_user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('orders_closed_as').on('orders').column('closed_as').execute();
  await db.schema.createIndex('orders_closed_by_user_id').on('orders').column('closed_by_user_id').execute();

  await db.schema
    .createTable('order_events')
    .addColumn('order_event_id', 'integer', autoId(db)) // AUTOINCREMENT on SQLite, identity on PostgreSQL (decision 140)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.order_id').onDelete('cascade'))
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('order_events_order_id')
    .on('order_events')
    .columns(['order_id', 'order_event_id'])
    .execute();
  await db.schema.createIndex('order_events_user_id').on('order_events').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_events').ifExists().execute();
  await db.schema.dropIndex('orders_closed_as').ifExists().execute();
  await db.schema.dropIndex('orders_closed_by_user_id').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('closed_by_user_id').execute();
  await db.schema.alterTable('orders').dropColumn('closed_at').execute();
  await db.schema.alterTable('orders').dropColumn('closed_as').execute();
}
