// Staff looks (issue 37, decision 276): list, one, create, update, delete, and the look's photo (stored by the media
// module like product pictures, so it works on the local folder and on object storage). Each write and its audit
// row run in one transaction; the look tables' triggers bump the catalogue version (migration 0560), and `written`
// bumps this process's at once. A photo's file is written before and removed after the transaction that uses it.
import type { StaffLookDto } from '#shared/dto/looks';
import { staffMessages } from '#shared/messages-staff';
import type { SaveLookInput, UpdateLookInput } from '#shared/schemas/looks';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { notFound } from '#server/errors';
import { audited } from '#server/modules/audit';
import { deleteImageFiles, imageUrl, storeImage } from '#server/modules/media';
import * as q from '#server/modules/catalog/looks/looks.queries';
import { badField, written } from '../writes';

const m = staffMessages.looks;

function toStaff(rows: q.StaffLookRow[]): StaffLookDto[] {
  const out: StaffLookDto[] = [];
  for (const r of rows) {
    let look = out.at(-1);
    if (!look || look.lookID !== r.look_id) {
      look = {
        lookID: r.look_id,
        name: r.name,
        photoURL: r.photo_file ? imageUrl(r.photo_file) : null,
        discountPercentage: r.discount_percent,
        pieces: [],
        updatedAt: r.updated_at,
      };
      out.push(look);
    }
    if (r.product_id !== null)
      look.pieces.push({ productID: r.product_id, name: r.product_name ?? '', isActive: r.is_active === 1 });
  }
  return out;
}

/** A look as the audit trail records it (decision 228); null when it does not exist. */
async function lookState(db: DB, lookId: number) {
  const look = toStaff(await q.staffLookRows(db, lookId))[0];
  if (!look) return null;
  return {
    name: look.name,
    discount_percent: look.discountPercentage,
    photo: look.photoURL,
    products: look.pieces.map((p) => p.productID).join(','),
  };
}

export async function listLooks(deps: AppDeps): Promise<StaffLookDto[]> {
  return toStaff(await q.staffLookRows(deps.db));
}

export async function lookById(deps: AppDeps, lookId: number): Promise<StaffLookDto> {
  const look = toStaff(await q.staffLookRows(deps.db, lookId))[0];
  if (!look) throw notFound(m.notFound);
  return look;
}

async function requireProducts(db: DB, ids: number[]): Promise<void> {
  const known = new Set(await q.existingProductIds(db, ids));
  const missing = ids.findIndex((id) => !known.has(id));
  if (missing >= 0) throw badField(`productIDs.${missing}`, m.unknownProduct);
}

const fieldsOf = (input: SaveLookInput) => ({
  name: input.name,
  discount_percent: input.discountPercentage,
  updated_at: new Date().toISOString(),
});

export async function createLook(deps: AppDeps, input: SaveLookInput): Promise<StaffLookDto> {
  await requireProducts(deps.db, input.productIDs);
  const id = await audited(
    deps.db,
    { entity: 'look', action: 'create', idOf: (id: number) => id },
    lookState,
    async (trx) => {
      const lookId = await q.insertLook(trx, fieldsOf(input));
      await q.setPieces(trx, lookId, input.productIDs);
      return lookId;
    },
  );
  return written(await lookById(deps, id));
}

export async function updateLook(deps: AppDeps, input: UpdateLookInput): Promise<StaffLookDto> {
  await requireProducts(deps.db, input.productIDs);
  await audited(deps.db, { entity: 'look', action: 'update', entityId: input.lookID }, lookState, async (trx) => {
    const res = await q.updateLook(trx, input.lookID, fieldsOf(input));
    if (Number(res.numUpdatedRows) === 0) throw notFound(m.notFound);
    await q.setPieces(trx, input.lookID, input.productIDs);
  });
  return written(await lookById(deps, input.lookID));
}

export async function deleteLook(deps: AppDeps, lookId: number): Promise<{ lookID: number }> {
  const photo = await audited(
    deps.db,
    { entity: 'look', action: 'delete', entityId: lookId },
    lookState,
    async (trx) => {
      const row = await q.lookPhoto(trx, lookId);
      if (!row) throw notFound(m.notFound);
      await q.deleteLook(trx, lookId);
      return row.photo_file;
    },
  );
  if (photo) await deleteImageFiles(deps, photo);
  return written({ lookID: lookId });
}

/** Sets (bytes) or removes (null) the look's photo; the old file is removed once the row no longer names it. */
export async function setLookPhoto(deps: AppDeps, lookId: number, bytes: Buffer | null): Promise<StaffLookDto> {
  if (!(await q.lookPhoto(deps.db, lookId))) throw notFound(m.notFound);
  const stored = bytes ? (await storeImage(deps, bytes)).fileName : null;
  let old: string | null = null;
  try {
    await audited(deps.db, { entity: 'look', action: 'update', entityId: lookId }, lookState, async (trx) => {
      const row = await q.lookPhoto(trx, lookId);
      if (!row) throw notFound(m.notFound);
      old = row.photo_file;
      await q.updateLook(trx, lookId, { photo_file: stored, updated_at: new Date().toISOString() });
    });
  } catch (err) {
    if (stored) await deleteImageFiles(deps, stored);
    throw err;
  }
  if (old) await deleteImageFiles(deps, old);
  return written(await lookById(deps, lookId));
}
