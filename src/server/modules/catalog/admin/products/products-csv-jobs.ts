// Writing a checked products CSV import in batches (issue 38, decision 262). The plan is recorded as a job and staged
// as units (one product each: its fields, new variants, stock to set) in numbered batches, each batch small enough
// that its one transaction holds the database well under 100 ms; then the batches are applied in order, each in one
// transaction that first claims the batch on the job row, so a batch is applied exactly once whoever applies it.
// All or nothing across a crash: a job is only applied once fully staged, and a job left 'applying' is finished from
// its next batch by `resumeProductImports` (at start and before each import); one left 'staging' wrote nothing to
// the catalogue and is dropped.
import { shopToday } from '#shared/dates';
import type { DB } from '#server/db/client';
import { PRODUCT_CSV_LIMITS } from '#server/http/limits';
import { nextTurn } from '#server/time-slices';
import { currentRequestContext, recordAudit, withRequestContext } from '#server/modules/audit';
import { setStocks } from '#server/modules/catalog/stock';
import { productStates } from '../audit-states.queries';
import * as jq from './products-csv-jobs.queries';
import * as q from './products-csv.queries';

/** One product of an import: a new one (productId null, values set) or an existing one's changes. */
export interface ImportUnit {
  barcode: string;
  productId: number | null;
  /** The product's fields (a new product's, or an existing one's when the file changes them); null: unchanged. */
  values: q.ImportProductValues | null;
  newVariants: Array<{ sizeId: number; colorId: number; stock: number }>;
  /** Existing variants whose stock the file changes. */
  stock: Array<{ variantId: number; stock: number }>;
}

/** A job's work per batch: products count as one row each, and each variant they add or set as one more. */
const weight = (u: ImportUnit) => 1 + u.newVariants.length + u.stock.length;

/** Units cut into batches of about PRODUCT_CSV_LIMITS.batchRows rows (a product is never split). */
function intoBatches(units: ImportUnit[]): ImportUnit[][] {
  const batches: ImportUnit[][] = [];
  let current: ImportUnit[] = [];
  let rows = 0;
  for (const u of units) {
    if (current.length && rows + weight(u) > PRODUCT_CSV_LIMITS.batchRows) {
      batches.push(current);
      current = [];
      rows = 0;
    }
    current.push(u);
    rows += weight(u);
  }
  if (current.length) batches.push(current);
  return batches;
}

const now = () => new Date().toISOString();
/** A job still 'staging' this long after its last sign of life was left by a process that stopped. */
const STAGING_STALE_MS = 30_000;
/** Units per staging statement (well under both engines' bound-parameter limits: 3 values each). */
const STAGE_CHUNK = 200;

/**
 * Records the job and stages its batches, one short statement at a time with a turn of the event loop between them,
 * then marks it ready to apply. Nothing in the catalogue changes here. The job's id.
 */
export async function stageImport(db: DB, units: ImportUnit[], summary: object): Promise<number> {
  const context = currentRequestContext();
  const jobId = await jq.insertJob(db, {
    actorId: context?.actorId ?? null,
    ip: context?.ip ?? null,
    summary: JSON.stringify(summary),
    now: now(),
  });
  const batches = intoBatches(units);
  const rows = batches.flatMap((batch, i) => batch.map((u) => ({ batch: i, payload: JSON.stringify(u) })));
  for (let i = 0; i < rows.length; i += STAGE_CHUNK) {
    await jq.insertUnits(db, jobId, rows.slice(i, i + STAGE_CHUNK));
    await nextTurn();
  }
  if (!(await jq.startApplying(db, jobId, batches.length, now())))
    throw new Error(`products import job ${jobId} was dropped while it was staged`);
  return jobId;
}

/** Called after each applied batch (progress; tests stop a process here to crash it between batches). */
export type OnBatch = (done: { jobId: number; batch: number; batches: number }) => Promise<void> | void;

/**
 * One batch in one transaction: claim it, re-check what may have gone since the file was checked (a product deleted
 * meanwhile keeps its deletion; a category, size or colour deleted meanwhile, which only an unused one can be, drops
 * the new products or variants that named it), write products, variants, stock (through the ledger) and one audit
 * row per product, and drop the batch's units. False when another process had already applied it.
 */
async function applyBatch(db: DB, jobId: number, batch: number, actorId: number | null): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await jq.claimBatch(tx, jobId, batch, now()))) return false;
    const units = (await jq.unitsOfBatch(tx, jobId, batch)).map((r) => JSON.parse(r.payload) as ImportUnit);
    const known = units.flatMap((u) => (u.productId === null ? [] : [u.productId]));
    const [products, categories, sizes, colours] = await Promise.all([
      jq.existingProducts(tx, known),
      jq.existingCategories(tx, [...new Set(units.flatMap((u) => (u.values ? [u.values.category_id] : [])))]),
      jq.existingSizes(tx, [...new Set(units.flatMap((u) => u.newVariants.map((v) => v.sizeId)))]),
      jq.existingColours(tx, [...new Set(units.flatMap((u) => u.newVariants.map((v) => v.colorId)))]),
    ]);
    const live = units
      .filter(
        (u) =>
          (u.productId === null || products.has(u.productId)) && (!u.values || categories.has(u.values.category_id)),
      )
      .map((u) => ({ ...u, newVariants: u.newVariants.filter((v) => sizes.has(v.sizeId) && colours.has(v.colorId)) }));
    const before = await productStates(
      tx,
      live.flatMap((u) => (u.productId === null ? [] : [u.productId])),
    );
    const made = await q.insertProducts(
      tx,
      live.flatMap((u) => (u.productId === null ? [u.values!] : [])),
      shopToday(),
    );
    const idOf = (u: ImportUnit) => u.productId ?? made.get(u.barcode)!;
    for (const u of live) if (u.productId !== null && u.values) await q.updateProductValues(tx, u.productId, u.values);
    await q.insertVariantRows(
      tx,
      live.flatMap((u) => u.newVariants.map((v) => ({ product_id: idOf(u), size_id: v.sizeId, color_id: v.colorId }))),
    );
    const ids = live.map(idOf);
    const variantIds = await jq.variantIdsOf(
      tx,
      live.flatMap((u) => (u.newVariants.length ? [idOf(u)] : [])),
    );
    // Stock through the ledger (decision 231): one 'csv_import' row per variant whose stock the file changed.
    await setStocks(
      tx,
      live.flatMap((u) => [
        ...u.newVariants.map((v) => ({
          variantId: variantIds.get(`${idOf(u)}:${v.sizeId}:${v.colorId}`)!,
          setTo: v.stock,
        })),
        ...u.stock.map((s) => ({ variantId: s.variantId, setTo: s.stock })),
      ]),
      { reason: 'csv_import', actorId },
    );
    // One audit row per product the import created or changed, in its batch's transaction (decision 228).
    const after = await productStates(tx, ids);
    for (const id of ids)
      await recordAudit(tx, {
        entity: 'product',
        entityId: id,
        action: 'import',
        before: before.get(id) ?? null,
        after: after.get(id) ?? null,
      });
    await jq.deleteUnits(tx, jobId, batch);
    return true;
  });
}

/**
 * Applies a job's batches from its next one to its last, a turn of the event loop between two, then marks it done.
 * Runs in the request context of whoever started the import (audit rows and ledger rows name them, even when a
 * restarted process finishes the job).
 */
export async function applyJob(db: DB, jobId: number, onBatch?: OnBatch): Promise<void> {
  const first = await jq.jobById(db, jobId);
  if (!first || first.status !== 'applying') return;
  await withRequestContext({ actorId: first.actor_id, ip: first.ip }, async () => {
    for (;;) {
      const job = await jq.jobById(db, jobId);
      if (!job || job.status !== 'applying' || job.next_batch >= job.batches) break;
      await applyBatch(db, jobId, job.next_batch, job.actor_id);
      await onBatch?.({ jobId, batch: job.next_batch, batches: job.batches });
      await nextTurn();
    }
    await jq.finishJob(db, jobId, 'applying', 'done', now());
    await jq.deleteUnits(db, jobId);
  });
}

/**
 * Finishes what a stopped process left: every 'applying' job is applied to its end; a 'staging' job whose process
 * has not touched it for STAGING_STALE_MS is dropped (it had written nothing to the catalogue). The jobs handled.
 */
export async function resumeUnfinishedImports(db: DB): Promise<{ finished: number[]; dropped: number[] }> {
  const finished: number[] = [];
  const dropped: number[] = [];
  for (const job of await jq.unfinishedJobs(db)) {
    if (job.status === 'applying') {
      await applyJob(db, job.job_id);
      finished.push(job.job_id);
    } else if (Date.now() - Date.parse(job.heartbeat_at) > STAGING_STALE_MS) {
      if (await jq.finishJob(db, job.job_id, 'staging', 'dropped', now())) dropped.push(job.job_id);
      await jq.deleteUnits(db, job.job_id);
    }
  }
  return { finished, dropped };
}
