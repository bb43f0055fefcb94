// Order stages staff work through (issue 27, decision 229): beside the spec's status, a live pending order carries
// `stage` (null = new, 'confirmed', 'packed', 'shipped'), the call attempts that went unanswered, who confirmed it
// and when, and the courier, tracking number and tracking link it left with. order_events gains a short `detail`
// (courier and tracking number, what an edit changed). Internal notes live in order_notes; the couriers staff
// choose from (name and tracking URL pattern) in couriers. Columns are added, so no table is rebuilt.
import type { Kysely } from 'kysely';
import { autoId, createCaseInsensitiveUniqueIndex } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  const add = (name: string, type: 'varchar(20)' | 'varchar(40)' | 'varchar(100)' | 'varchar(500)') =>
    db.schema.alterTable('orders').addColumn(name, type).execute();
  await add('stage', 'varchar(20)');
  await db.schema
    .alterTable('orders')
    .addColumn('call_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await add('confirmed_at', 'varchar(40)');
  await db.schema
    .alterTable('orders')
    .addColumn('confirmed_by_user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .execute();
  await add('shipped_at', 'varchar(40)');
  await add('courier_name', 'varchar(100)');
  await add('tracking_number', 'varchar(100)');
  await add('tracking_url', 'varchar(500)');
  await db.schema.createIndex('orders_stage').on('orders').columns(['stage', 'status']).execute();
  await db.schema.createIndex('orders_confirmed_by_user_id').on('orders').column('confirmed_by_user_id').execute();
  await db.schema.alterTable('order_events').addColumn('detail', 'varchar(500)').execute();

  await db.schema
    .createTable('order_notes')
    .addColumn('order_note_id', 'integer', autoId(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.order_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('body', 'varchar(1000)', (c) => c.notNull())
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_notes_order_id')
    .on('order_notes')
    .columns(['order_id', 'order_note_id'])
    .execute();
  await db.schema.createIndex('order_notes_user_id').on('order_notes').column('user_id').execute();

  await db.schema
    .createTable('couriers')
    .addColumn('courier_id', 'integer', autoId(db))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('tracking_url_pattern', 'varchar(300)')
    .execute();
  await createCaseInsensitiveUniqueIndex(db, 'couriers_name_nocase', 'couriers', 'name');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('couriers').ifExists().execute();
  await db.schema.dropTable('order_notes').ifExists().execute();
  await db.schema.alterTable('order_events').dropColumn('detail').execute();
  await db.schema.dropIndex('orders_stage').ifExists().execute();
  await db.schema.dropIndex('orders_confirmed_by_user_id').ifExists().execute();
  for (const c of [
    'tracking_url',
    'tracking_number',
    'courier_name',
    'shipped_at',
    'confirmed_by_user_id',
    'confirmed_at',
    'call_attempts',
    'stage',
  ])
    await db.schema.alterTable('orders').dropColumn(c).execute();
}
