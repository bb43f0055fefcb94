// Back in stock (issue 26, decision 233): a shopper asks to be told when a sold-out variant returns. One row per
// request; `status` is 'open' until the variant comes back ('notified', the e-mail queued in the restock's
// transaction) or the shopper unsubscribes ('unsubscribed'). At most one open request per (variant, e-mail): a
// partial unique index (both engines), so a double submit finds the row instead of adding one, and a shopper may
// ask again after a notice. The e-mail is stored normalised (trimmed, lower case). Rows go with their variant.
import { sql, type Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('back_in_stock_requests')
    .addColumn('request_id', 'integer', autoId(db))
    .addColumn('variant_id', 'integer', (c) =>
      c.notNull().references('product_variants.variant_id').onDelete('cascade'),
    )
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('closed_at', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('back_in_stock_open_request')
    .unique()
    .on('back_in_stock_requests')
    .columns(['variant_id', 'email'])
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('back_in_stock_email')
    .on('back_in_stock_requests')
    .columns(['email', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('back_in_stock_requests').ifExists().execute();
}
