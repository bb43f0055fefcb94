// Saved addresses (issue 25, decision 215): a customer keeps delivery addresses to choose at checkout; each row
// belongs to one user (deleted with the account) and names a country (deleted with it: a country staff removed
// can no longer be delivered to). `countries.postal_code_optional` marks a country with no postal code in daily
// use (Kosovo): there the checkout and the saved address take an empty postal code. Portable DDL (decision 140).
import type { Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('customer_addresses')
    .addColumn('address_id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('country_id', 'integer', (c) => c.notNull().references('countries.country_id').onDelete('cascade'))
    .addColumn('city', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('zip_code', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_addresses_user').on('customer_addresses').column('user_id').execute();
  await db.schema.createIndex('customer_addresses_country').on('customer_addresses').column('country_id').execute();
  await db.schema
    .alterTable('countries')
    .addColumn('postal_code_optional', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Kosovo (as the demo and the shop's staff spell it): no postal code in daily use.
  await db
    .updateTable('countries')
    .set({ postal_code_optional: 1 })
    .where((eb) =>
      eb.or([
        eb('country_name', 'like', 'Kosov%'),
        eb('country_name', 'like', 'kosov%'),
        eb('country_name', 'like', 'KOSOV%'),
      ]),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('customer_addresses').ifExists().execute();
  await db.schema.alterTable('countries').dropColumn('postal_code_optional').execute();
}
