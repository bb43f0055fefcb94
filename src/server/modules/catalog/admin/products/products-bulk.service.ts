// The staff product list's bulk action (decision 220): activate, deactivate or delete up to BULK_PRODUCTS_MAX chosen
// products in one transaction, all of them or none. A product that is not there refuses the whole action (404
// naming the ids). Deleting behaves as the single delete does (decision 053): the product goes with its variants,
// images and links, and the order lines that named it keep their snapshot; the answer says, per product, how many.
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { BulkProductOutcomeDto, BulkProductsResultDto } from '#shared/dto/catalog-admin';
import type { BulkProductsInput } from '#shared/schemas/product-list';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { keepStatisticsAfterWrite } from '#server/db/dialect';
import { AppError } from '#server/errors';
import { deleteImageFiles } from '#server/modules/media';
import { written } from '../writes';
import { recordAudit, type AuditState } from '#server/modules/audit';
import { productStates } from '../audit-states.queries';
import * as q from './products-bulk.queries';

const m = staffMessages.productList;

type Found = Map<number, { name: string; is_active: number }>;

/**
 * Order lines per product, read in the same transaction. The orders module answers it; its door passes it in, since
 * orders depends on the catalogue (restock) and a module graph goes one way (docs/architecture.md rule 10).
 */
export type OrderLineCounts = (tx: DB, productIds: number[]) => Promise<Map<number, number>>;

const missingProducts = (ids: number[]) => {
  const message = fill(m.missing, { ids: ids.join(', ') });
  return new AppError('NOT_FOUND', message, { productIDs: [message] }, { missing: ids });
};

async function switchAll(tx: DB, ids: number[], found: Found, active: boolean): Promise<BulkProductOutcomeDto[]> {
  await q.setProductsActive(tx, ids, active);
  return ids.map((id) => {
    const p = found.get(id)!;
    const changed = (p.is_active === 1) !== active;
    const outcome = !changed ? 'unchanged' : active ? 'activated' : 'deactivated';
    return { productID: id, name: p.name, outcome, orderLinesKept: null };
  });
}

async function deleteAll(
  tx: DB,
  ids: number[],
  found: Found,
  counts: OrderLineCounts,
): Promise<BulkProductOutcomeDto[]> {
  const lines = await counts(tx, ids);
  await q.deleteProducts(tx, ids);
  return ids.map((id) => ({
    productID: id,
    name: found.get(id)!.name,
    outcome: 'deleted',
    orderLinesKept: lines.get(id) ?? 0,
  }));
}

/** One audit row per product the action touched (decision 228). */
async function recordEach(tx: DB, ids: number[], action: string, before: Map<number, AuditState>): Promise<void> {
  // The states of all of them in four queries, not four per product: the transaction stays short (decision 262).
  const after = await productStates(tx, ids);
  for (const id of ids)
    await recordAudit(tx, {
      entity: 'product',
      entityId: id,
      action: `bulk-${action}`,
      before: before.get(id) ?? null,
      after: after.get(id) ?? null,
    });
}

export async function bulkProducts(
  deps: AppDeps,
  input: BulkProductsInput,
  orderLineCounts: OrderLineCounts,
): Promise<BulkProductsResultDto> {
  const ids = input.productIDs;
  const { products, files } = await deps.db.transaction().execute(async (tx) => {
    const rows = await q.productsByIds(tx, ids);
    const found: Found = new Map(rows.map((r) => [r.product_id, r]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw missingProducts(missing);
    const before: Map<number, AuditState> = await productStates(tx, ids);
    const done =
      input.action !== 'delete'
        ? { products: await switchAll(tx, ids, found, input.action === 'activate'), files: [] }
        : {
            files: (await q.imageFilesOf(tx, ids)).map((i) => i.file_name),
            products: await deleteAll(tx, ids, found, orderLineCounts),
          };
    await recordEach(tx, ids, input.action, before);
    return done;
  });
  await Promise.all(files.map((f) => deleteImageFiles(deps, f)));
  await keepStatisticsAfterWrite(deps.db); // a bulk change may shift the planner's figures (decision 241)
  const changed = products.filter((p) => p.outcome !== 'unchanged').length;
  return written({ action: input.action, changed, products });
}
