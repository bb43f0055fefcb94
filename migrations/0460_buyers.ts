// Buyers (issue 35 point 10, decision 256): one row per buyer, whoever bought (an account, a guest, a phone order
// taken by staff), merged when orders share an account, an e-mail or a phone, with its orders' figures.
// - buyers: the buyer's latest name, its e-mails and phones (latest first, space-separated: what the list shows and
//   searches), the account of its latest account order, orders placed, spend (delivered, not returned), refusals
//   (refused at the door or returned, decision 254), cancellations, first and last order date.
// - buyer_keys: 'u:<user id>', 'e:<e-mail, lower case>', 'p:<stored phone>' -> the buyer holding it (one each).
// - buyer_queue: orders whose buyer or figures may have changed, with the buyer the order had. Triggers on orders
//   write it on insert, on an update of a column a buyer depends on, and on delete, whatever code or raw SQL wrote;
//   orders.buyers.service settles it (merges, splits, figures) before the list is read and at start. The merge is a
//   walk over keys that SQLite triggers cannot express (no WITH in a trigger), so the triggers only record.
// - orders.buyer_id: the order's buyer, set by the settling (no foreign key: a copy writes orders before buyers).
// Existing orders are queued here; the first start settles them (a rebuild when many are queued).
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '#server/db/dialect';
import { createSearchIndex, dropSearchIndex, type SearchIndexDef } from '#server/db/search-index';

const WATCHED = [
  'user_id',
  'email',
  'phone_number',
  'first_name',
  'last_name',
  'status',
  'closed_as',
  'total_cents',
  'order_date',
];

const SEARCH: SearchIndexDef = {
  index: 'buyers_search',
  table: 'buyers',
  id: 'buyer_id',
  columns: ['name', 'emails', 'phones'],
};

const TRIGGERS = [
  { name: 'buyer_queue_order_insert', event: 'INSERT', row: 'NEW', buyer: 'NULL', changed: false },
  { name: 'buyer_queue_order_update', event: 'UPDATE', row: 'NEW', buyer: 'OLD.buyer_id', changed: true },
  { name: 'buyer_queue_order_delete', event: 'DELETE', row: 'OLD', buyer: 'OLD.buyer_id', changed: false },
] as const;

const enqueue = (row: string, buyer: string) =>
  `INSERT INTO buyer_queue (order_id, buyer_id) VALUES (${row}.order_id, ${buyer})`;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const id = (c: any) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const zero = (c: any) => c.notNull().defaultTo(0);
  const text = (c: any) => c.notNull().defaultTo('');
  await db.schema
    .createTable('buyers')
    .addColumn('buyer_id', 'integer', id)
    .addColumn('name', 'text', text)
    .addColumn('emails', 'text', text)
    .addColumn('phones', 'text', text)
    .addColumn('user_id', 'integer')
    .addColumn('orders', 'integer', zero)
    .addColumn('spend_cents', 'bigint', zero)
    .addColumn('refusals', 'integer', zero)
    .addColumn('cancelled', 'integer', zero)
    .addColumn('first_order_at', 'text', text)
    .addColumn('last_order_at', 'text', text)
    .execute();
  await db.schema.createIndex('buyers_last_order').on('buyers').columns(['last_order_at', 'buyer_id']).execute();
  await db.schema
    .createTable('buyer_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('buyer_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('buyer_keys_buyer').on('buyer_keys').column('buyer_id').execute();
  await db.schema
    .createTable('buyer_queue')
    .addColumn('queue_id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('buyer_id', 'integer')
    .execute();
  await db.schema.alterTable('orders').addColumn('buyer_id', 'integer').execute();
  await db.schema.createIndex('orders_buyer_id').on('orders').column('buyer_id').execute();
  await createSearchIndex(db, SEARCH);
  for (const t of TRIGGERS) {
    const changed = t.changed
      ? WATCHED.map((c) => (postgres ? `OLD.${c} IS DISTINCT FROM NEW.${c}` : `OLD.${c} IS NOT NEW.${c}`)).join(' OR ')
      : '';
    if (postgres) {
      await sql
        .raw(
          `CREATE FUNCTION ${t.name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${enqueue(t.row, t.buyer)};
  RETURN NULL;
END $$`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${t.name} AFTER ${t.event} ON orders FOR EACH ROW${changed ? ` WHEN (${changed})` : ''} EXECUTE FUNCTION ${t.name}()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `CREATE TRIGGER ${t.name} AFTER ${t.event} ON orders${changed ? ` WHEN ${changed}` : ''} BEGIN ${enqueue(t.row, t.buyer)}; END`,
        )
        .execute(db);
    }
  }
  await sql.raw('INSERT INTO buyer_queue (order_id) SELECT order_id FROM orders ORDER BY order_id').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const t of TRIGGERS) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${t.name}${postgres ? ' ON orders' : ''}`).execute(db);
    if (postgres) await sql.raw(`DROP FUNCTION IF EXISTS ${t.name}()`).execute(db);
  }
  await dropSearchIndex(db, SEARCH);
  await db.schema.dropIndex('orders_buyer_id').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('buyer_id').execute();
  for (const table of ['buyer_queue', 'buyer_keys', 'buyers']) await db.schema.dropTable(table).ifExists().execute();
}
