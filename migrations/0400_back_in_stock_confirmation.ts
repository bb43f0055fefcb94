// Back in stock with double opt-in (issue 33, decision 239). A new address confirms through a link e-mailed to it
// before its requests count: a request is 'pending' until then ('expired' if never confirmed in time), 'open' once
// confirmed. One live request per (variant, e-mail) now covers pending and open alike, so the partial unique index
// is replaced. `back_in_stock_addresses` holds one row per address that asked: when it was confirmed (null until
// then; cleared again by unsubscribing) and when its last confirmation e-mail was queued (the pace of those e-mails).
// No token is stored: the link is a MAC minted when the e-mail is sent. Requests opened before this migration stay
// open (they were asked under the earlier rule; decision 239 says why).
import { sql, type Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('back_in_stock_addresses')
    .addColumn('address_id', 'integer', autoId(db))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('confirmed_at', 'varchar(40)')
    .addColumn('mailed_at', 'varchar(40)')
    .execute();
  await db.schema.dropIndex('back_in_stock_open_request').execute();
  await db.schema
    .createIndex('back_in_stock_live_request')
    .unique()
    .on('back_in_stock_requests')
    .columns(['variant_id', 'email'])
    .where(sql<boolean>`status in ('pending', 'open')`)
    .execute();
  // The expiry sweep: pending requests older than the confirmation window.
  await db.schema
    .createIndex('back_in_stock_status_created')
    .on('back_in_stock_requests')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('back_in_stock_status_created').ifExists().execute();
  await db.schema.dropIndex('back_in_stock_live_request').ifExists().execute();
  await db.deleteFrom('back_in_stock_requests').where('status', 'in', ['pending', 'expired']).execute();
  await db.schema
    .createIndex('back_in_stock_open_request')
    .unique()
    .on('back_in_stock_requests')
    .columns(['variant_id', 'email'])
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema.dropTable('back_in_stock_addresses').ifExists().execute();
}
