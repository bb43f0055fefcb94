// SQL of the products CSV import's jobs (decision 262): the job row, its staged units by batch, the claim that makes
// each batch apply once, and what a batch re-checks before it writes (rows that may have gone since the file was
// checked). Plain statements: each batch's are run inside that batch's one short transaction by the caller.
import type { DB } from '#server/db/client';
import type { ProductImportJobsTable } from '#server/db/schema';

type JobStatus = ProductImportJobsTable['status'];

export async function insertJob(
  db: DB,
  job: { actorId: number | null; ip: string | null; summary: string; now: string },
): Promise<number> {
  const row = await db
    .insertInto('product_import_jobs')
    .values({
      status: 'staging',
      actor_id: job.actorId,
      ip: job.ip,
      summary: job.summary,
      created_at: job.now,
      heartbeat_at: job.now,
    })
    .returning('job_id')
    .executeTakeFirstOrThrow();
  return row.job_id;
}

export async function insertUnits(db: DB, jobId: number, units: Array<{ batch: number; payload: string }>) {
  if (units.length)
    await db
      .insertInto('product_import_units')
      .values(units.map((u) => ({ job_id: jobId, batch: u.batch, payload: u.payload })))
      .execute();
}

/** 'staging' -> 'applying' with its batch count, only from 'staging' (false: the job was dropped meanwhile). */
export async function startApplying(db: DB, jobId: number, batches: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('product_import_jobs')
    .set({ status: 'applying', batches, next_batch: 0, heartbeat_at: now })
    .where('job_id', '=', jobId)
    .where('status', '=', 'staging')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const jobById = (db: DB, jobId: number) =>
  db
    .selectFrom('product_import_jobs')
    .select(['job_id', 'status', 'actor_id', 'ip', 'batches', 'next_batch', 'summary', 'heartbeat_at'])
    .where('job_id', '=', jobId)
    .executeTakeFirst();

/** Jobs not finished: 'staging' (nothing applied) and 'applying' (some batches applied), oldest first. */
export const unfinishedJobs = (db: DB) =>
  db
    .selectFrom('product_import_jobs')
    .select(['job_id', 'status', 'heartbeat_at'])
    .where('status', 'in', ['staging', 'applying'])
    .orderBy('job_id')
    .execute();

/**
 * Takes batch `batch` of an applying job: moves `next_batch` past it only if it is still the next one. Run first in
 * the batch's transaction, so the batch's writes and the move commit together (another process that tries the same
 * batch finds it taken and writes nothing).
 */
export async function claimBatch(db: DB, jobId: number, batch: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('product_import_jobs')
    .set({ next_batch: batch + 1, heartbeat_at: now })
    .where('job_id', '=', jobId)
    .where('status', '=', 'applying')
    .where('next_batch', '=', batch)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const unitsOfBatch = (db: DB, jobId: number, batch: number) =>
  db
    .selectFrom('product_import_units')
    .select('payload')
    .where('job_id', '=', jobId)
    .where('batch', '=', batch)
    .orderBy('unit_id')
    .execute();

export const deleteUnits = (db: DB, jobId: number, batch?: number) => {
  let q = db.deleteFrom('product_import_units').where('job_id', '=', jobId);
  if (batch !== undefined) q = q.where('batch', '=', batch);
  return q.execute();
};

/** Ends a job ('done' from 'applying', 'dropped' from 'staging'); false when it was not in `from` any more. */
export async function finishJob(db: DB, jobId: number, from: JobStatus, to: JobStatus, now: string): Promise<boolean> {
  const r = await db
    .updateTable('product_import_jobs')
    .set({ status: to, finished_at: now, heartbeat_at: now })
    .where('job_id', '=', jobId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- what a batch re-checks (ids that may have been deleted since the file was checked) ----------------------
const idSet = (rows: Array<{ id: number }>) => new Set(rows.map((r) => r.id));

export const existingProducts = async (db: DB, ids: number[]) =>
  ids.length
    ? idSet(await db.selectFrom('products').select('product_id as id').where('product_id', 'in', ids).execute())
    : new Set<number>();

export const existingCategories = async (db: DB, ids: number[]) =>
  ids.length
    ? idSet(await db.selectFrom('categories').select('category_id as id').where('category_id', 'in', ids).execute())
    : new Set<number>();

export const existingSizes = async (db: DB, ids: number[]) =>
  ids.length
    ? idSet(await db.selectFrom('sizes').select('size_id as id').where('size_id', 'in', ids).execute())
    : new Set<number>();

export const existingColours = async (db: DB, ids: number[]) =>
  ids.length
    ? idSet(await db.selectFrom('colors').select('color_id as id').where('color_id', 'in', ids).execute())
    : new Set<number>();

/** Variants of `productIds` by "product:size:colour" (those the batch just added, and any a staff member did). */
export async function variantIdsOf(db: DB, productIds: number[]): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .selectFrom('product_variants')
    .select(['variant_id', 'product_id', 'size_id', 'color_id'])
    .where('product_id', 'in', productIds)
    .execute();
  return new Map(rows.map((r) => [`${r.product_id}:${r.size_id}:${r.color_id}`, r.variant_id]));
}
