// Returns and exchanges (issue 26, decision 235). A shopper's request to return or exchange lines of a delivered
// order within the return window: one return_requests row (kind, reason, state, what staff did: refusal reason,
// refund method and amount, the linked exchange order) and one return_request_lines row per order line asked for
// (quantity, its paid value frozen at request time, and for an exchange the wanted variant with whether its unit is
// still reserved). Removing an order removes its requests; the exchange order's link is cleared if it is deleted.
import type { Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('return_requests')
    .addColumn('return_request_id', 'integer', autoId(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.order_id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason', 'varchar(30)', (c) => c.notNull())
    .addColumn('comment', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('refusal_reason', 'varchar(500)')
    .addColumn('refund_method', 'varchar(20)')
    .addColumn('refund_cents', 'integer')
    .addColumn('exchange_order_id', 'integer', (c) => c.references('orders.order_id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('return_requests_order').on('return_requests').column('order_id').execute();
  await db.schema
    .createIndex('return_requests_state')
    .on('return_requests')
    .columns(['state', 'return_request_id'])
    .execute();
  await db.schema
    .createIndex('return_requests_exchange_order')
    .on('return_requests')
    .column('exchange_order_id')
    .execute();

  await db.schema
    .createTable('return_request_lines')
    .addColumn('return_request_line_id', 'integer', autoId(db))
    .addColumn('return_request_id', 'integer', (c) =>
      c.notNull().references('return_requests.return_request_id').onDelete('cascade'),
    )
    .addColumn('order_details_id', 'integer', (c) =>
      c.notNull().references('order_details.order_details_id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('paid_cents', 'integer', (c) => c.notNull())
    .addColumn('exchange_variant_id', 'integer', (c) =>
      c.references('product_variants.variant_id').onDelete('set null'),
    )
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('return_request_lines_request')
    .on('return_request_lines')
    .column('return_request_id')
    .execute();
  await db.schema
    .createIndex('return_request_lines_line')
    .on('return_request_lines')
    .column('order_details_id')
    .execute();
  await db.schema
    .createIndex('return_request_lines_variant')
    .on('return_request_lines')
    .column('exchange_variant_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('return_request_lines').ifExists().execute();
  await db.schema.dropTable('return_requests').ifExists().execute();
}
