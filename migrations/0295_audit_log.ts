// The audit trail (issue 28, decision 228): one row per staff write, written in the write's own transaction: who
// (actor_id, no foreign key: the row outlives the account), when, which entity, what changed ({ field: [before,
// after] } as JSON text, changed fields only, no secrets) and from which address. Append-only: the app has no
// update or delete of it, and a trigger on both engines refuses UPDATE and DELETE. Indexes serve the screen's
// filters: person, entity (+ id) and the date order.
import { sql, type Kysely } from 'kysely';
import { autoId, isPostgres } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('audit_id', 'integer', autoId(db))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('ip', 'varchar(64)')
    .addColumn('entity', 'varchar(40)', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at', 'audit_id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'created_at']).execute();
  await db.schema
    .createIndex('audit_log_entity')
    .on('audit_log')
    .columns(['entity', 'entity_id', 'created_at'])
    .execute();
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    for (const op of ['UPDATE', 'DELETE'])
      await sql
        .raw(
          `CREATE TRIGGER audit_log_no_${op.toLowerCase()} BEFORE ${op} ON audit_log
           BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`,
        )
        .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
  if (isPostgres(db)) await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
}
