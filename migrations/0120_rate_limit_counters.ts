// Rate-limit and login-throttle counters shared by every server process (decisions 121, 122).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull())
    // Milliseconds since the epoch; null = never expires (not used by the shop, allowed by the library).
    .addColumn('expire', 'bigint')
    .execute();
  await db.schema.createIndex('rate_limit_counters_expire').on('rate_limit_counters').column('expire').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').ifExists().execute();
}
