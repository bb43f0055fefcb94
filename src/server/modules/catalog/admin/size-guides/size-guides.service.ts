// Staff size guides (issue 26): one per category, optionally one per product that replaces its category's.
import { staffMessages } from '#shared/messages-staff';
import type { StaffSizeGuideDto } from '#shared/dto/catalog';
import type { SaveSizeGuideInput, SizeGuideTarget } from '#shared/schemas/size-guides';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { notFound } from '#server/errors';
import { recordAudit } from '#server/modules/audit';
import { sizes as catalogSizes } from '#server/modules/catalog';
import { guideFromRow } from '#server/modules/catalog/size-guides.service';
import * as q from '#server/modules/catalog/size-guides.queries';
import { badField, written } from '../writes';

const m = staffMessages.sizeGuides;
const columnOf = (target: SizeGuideTarget) => (target.scope === 'category' ? 'category_id' : 'product_id');

async function toStaff(deps: AppDeps, row: q.StaffGuideRow): Promise<StaffSizeGuideDto> {
  const isProduct = row.product_id !== null;
  return {
    ...guideFromRow(row, (await catalogSizes(deps.db)).value),
    sizeGuideID: row.size_guide_id,
    scope: isProduct ? 'product' : 'category',
    targetID: (isProduct ? row.product_id : row.category_id) ?? 0,
    targetName: (isProduct ? row.product_name : row.category_name) ?? '',
    updatedAt: row.updated_at,
  };
}

/** A category's or product's guide as the audit trail records it (decision 228), with its id; null: none. */
async function guideState(db: DB, target: SizeGuideTarget) {
  const row = await q.staffGuideFor(db, columnOf(target), target.targetID);
  if (!row) return null;
  const { size_guide_id: id, category_id, product_id, note } = row;
  const state = {
    category_id,
    product_id,
    columns: JSON.parse(row.columns_json) as unknown,
    rows: JSON.parse(row.rows_json) as unknown,
    note,
  };
  return { id, state };
}

/** A guide write and its audit row in one transaction. */
function auditedGuide(db: DB, target: SizeGuideTarget, action: string, write: (trx: DB) => Promise<unknown>) {
  return db.transaction().execute(async (trx) => {
    const before = await guideState(trx, target);
    await write(trx);
    const after = await guideState(trx, target);
    const entityId = (after ?? before)?.id ?? 0;
    const event = { before: before?.state ?? null, after: after?.state ?? null };
    await recordAudit(trx, {
      entity: 'sizeGuide',
      entityId,
      action: action === 'save' ? (before ? 'update' : 'create') : action,
      ...event,
    });
  });
}

export async function listSizeGuides(deps: AppDeps): Promise<StaffSizeGuideDto[]> {
  const rows = await q.staffGuides(deps.db);
  return Promise.all(rows.map((row) => toStaff(deps, row)));
}

/** A category's or product's own guide; NOT_FOUND when it has none. */
export async function sizeGuideOf(deps: AppDeps, target: SizeGuideTarget): Promise<StaffSizeGuideDto> {
  const row = await q.staffGuideFor(deps.db, columnOf(target), target.targetID);
  if (!row) throw notFound(m.notFound);
  return toStaff(deps, row);
}

/** Saves (creates or replaces) a guide: the category or product must exist and every row's size too. */
export async function saveSizeGuide(deps: AppDeps, input: SaveSizeGuideInput): Promise<StaffSizeGuideDto> {
  const exists = input.scope === 'category' ? q.categoryExists : q.productExists;
  if (!(await exists(deps.db, input.targetID))) throw notFound(m.unknownTarget);
  const known = new Set((await catalogSizes(deps.db)).value.map((s) => s.sizeID));
  const unknown = input.rows.findIndex((r) => !known.has(r.sizeID));
  if (unknown >= 0) throw badField(`rows.${unknown}.sizeID`, m.unknownSize);
  await auditedGuide(deps.db, input, 'save', (trx) =>
    q.upsertGuide(trx, columnOf(input), input.targetID, {
      columns_json: JSON.stringify(input.columns),
      rows_json: JSON.stringify(input.rows.map((r) => ({ sizeId: r.sizeID, values: r.values }))),
      note: input.note,
      updated_at: new Date().toISOString(),
    }),
  );
  return written(await sizeGuideOf(deps, input));
}

export async function deleteSizeGuide(deps: AppDeps, target: SizeGuideTarget): Promise<SizeGuideTarget> {
  await auditedGuide(deps.db, target, 'delete', async (trx) => {
    const res = await q.deleteGuide(trx, columnOf(target), target.targetID);
    if (Number(res.numDeletedRows) === 0) throw notFound(m.notFound);
  });
  return written({ scope: target.scope, targetID: target.targetID });
}
