// Products CSV imports written in batches (issue 38, decision 262). A checked import is recorded as a job and its
// plan staged as units (one product with its variants each), grouped into numbered batches; each batch is then
// applied in its own short transaction that also moves the job's `next_batch` on, so every batch is applied exactly
// once. A job left 'applying' by a crash is finished at the next start (or before the next import); a job left
// 'staging' has written nothing to the catalogue and is dropped. Units go with their batch; the job row stays as the
// import's record.
import type { Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_import_jobs')
    .addColumn('job_id', 'integer', autoId(db))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('ip', 'varchar(64)')
    .addColumn('batches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_batch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('heartbeat_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('product_import_jobs_status').on('product_import_jobs').column('status').execute();
  await db.schema
    .createTable('product_import_units')
    .addColumn('unit_id', 'integer', autoId(db))
    .addColumn('job_id', 'integer', (c) => c.notNull().references('product_import_jobs.job_id').onDelete('cascade'))
    .addColumn('batch', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_import_units_batch')
    .on('product_import_units')
    .columns(['job_id', 'batch'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_import_units').ifExists().execute();
  await db.schema.dropTable('product_import_jobs').ifExists().execute();
}
