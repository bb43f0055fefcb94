// Staff product images per colour: remove, re-order and add (re-encoded to WebP under generated names; a photo that
// cannot be read is refused by its name, the others kept), or delete one. Files are written before and removed
// after the transaction that uses them.
import { staffMessages } from '#shared/messages-staff';
import type { ProductImagesDto } from '#shared/dto/catalog';
import type { RefusedFileDto, SavedProductImagesDto } from '#shared/dto/catalog-admin';
import type { AppDeps } from '#server/deps';
import { AppError, notFound } from '#server/errors';
import { bumpCatalogVersion } from '#server/modules/catalog';
import { deleteImageFiles, imageUrl, normaliseImagePath, storeImage } from '#server/modules/media';
import { requireColors, requireProduct } from '../checks';
import { filesRefusedError, refusedFileMessage, shownFileName } from '../refused-files';
import { badField, written } from '../writes';
import { audited } from '#server/modules/audit';
import { productState } from '../audit-states.queries';
import * as q from './images.queries';

/** A new photo: its name as sent (only for messages) and its bytes, already checked by signature and size. */
export interface NewImage {
  name: string;
  bytes: Buffer;
}

export interface ImageGroupInput {
  colorID: number;
  files: NewImage[];
  /** Images to keep for this colour, in display order (URLs or file names). */
  existingFiles: string[];
  /** Images to remove (URLs or file names). */
  removedFiles: string[];
}

type ImageRow = Awaited<ReturnType<typeof q.productImages>>[number];

function groupImages(rows: Array<{ color_id: number; file_name: string }>): ProductImagesDto[] {
  const map = new Map<number, string[]>();
  for (const r of rows) {
    const list = map.get(r.color_id) ?? [];
    list.push(imageUrl(r.file_name));
    map.set(r.color_id, list);
  }
  return [...map.entries()].map(([colorID, imageURLs]) => ({ colorID, imageURLs }));
}

/** Accepts a stored name or its URL (absolute or not, with ?w=400); anything else is a 400. */
function toFileName(raw: string, field: string): string {
  const bare = raw
    .trim()
    .replace(/^https?:\/\/[^/]+/i, '')
    .split(/[?#]/)[0]!
    .replace(/^\/?api\/Product\/images\//i, '');
  const name = normaliseImagePath(bare);
  if (!name) throw badField(field, staffMessages.dashboard.badImageField);
  return name;
}

/** The stored file names of a product's images (to remove the files after the product is deleted). */
export async function productImageFiles(deps: AppDeps, productId: number): Promise<string[]> {
  return (await q.productImages(deps.db, productId)).map((i) => i.file_name);
}

/** Which current images the groups remove, and where each kept one goes (colour, place in that colour's order). */
function planImageChanges(current: ImageRow[], groups: ImageGroupInput[]) {
  const byName = new Map(current.map((i) => [i.file_name, i]));
  const removed: ImageRow[] = [];
  for (const g of groups) {
    for (const raw of g.removedFiles) {
      const img = byName.get(toFileName(raw, 'removedFiles'));
      if (img && !removed.includes(img)) removed.push(img);
    }
  }
  const reorder: Array<{ imageId: number; colorId: number; sort: number }> = [];
  for (const g of groups) {
    let sort = 0;
    for (const raw of g.existingFiles) {
      const img = byName.get(toFileName(raw, 'existingFiles'));
      if (img && !removed.includes(img)) reorder.push({ imageId: img.image_id, colorId: g.colorID, sort: sort++ });
    }
  }
  return { removedIds: removed.map((i) => i.image_id), removedFiles: removed.map((i) => i.file_name), reorder };
}

type StoredImage = { colorId: number; fileName: string };

const removeStored = (deps: AppDeps, stored: StoredImage[]) =>
  Promise.all(stored.map((s) => deleteImageFiles(deps, s.fileName)));

/** Encodes and writes each new photo; one sharp cannot read is refused by its name and the others are kept. */
async function storeNewImages(deps: AppDeps, groups: ImageGroupInput[]) {
  const stored: StoredImage[] = [];
  const refused: RefusedFileDto[] = [];
  try {
    for (const g of groups)
      for (const f of g.files) {
        try {
          stored.push({ colorId: g.colorID, fileName: (await storeImage(deps, f.bytes)).fileName });
        } catch (err) {
          if (!(err instanceof AppError) || err.code !== 'BAD_REQUEST') throw err;
          const message = refusedFileMessage(f.name, staffMessages.dashboard.imageUnreadable);
          refused.push({ fileName: shownFileName(f.name), message, colorID: g.colorID });
        }
      }
  } catch (err) {
    await removeStored(deps, stored);
    throw err;
  }
  return { stored, refused };
}

/**
 * Saves the media of a product per colour: removes the listed images, re-orders the kept ones, and stores the
 * new ones (re-encoded to WebP under generated names). A refused photo (`refused`: bad bytes, found while reading
 * the form; or unreadable here) is named in the answer and the others are saved (decision 219); when every new
 * photo is refused nothing changes (400). Returns the product's images afterwards and the refused photos.
 */
export async function saveProductImages(
  deps: AppDeps,
  productId: number,
  { groups, refused: refusedEarlier = [] }: { groups: ImageGroupInput[]; refused?: RefusedFileDto[] },
): Promise<SavedProductImagesDto> {
  await requireProduct(deps.db, productId);
  await requireColors(
    deps.db,
    groups.map((g) => g.colorID),
    'images',
  );
  const { removedIds, removedFiles, reorder } = planImageChanges(await q.productImages(deps.db, productId), groups);

  // Encode and write the new files first; if anything later fails they are removed again.
  const { stored, refused: unreadable } = await storeNewImages(deps, groups);
  const refused = [...refusedEarlier, ...unreadable];
  if (refused.length > 0 && stored.length === 0) throw filesRefusedError(refused);
  try {
    await audited(deps.db, { entity: 'product', action: 'images', entityId: productId }, productState, async (tx) => {
      await q.deleteImagesByIds(tx, removedIds);
      for (const r of reorder) await q.placeImage(tx, r.imageId, r.colorId, r.sort);
      // New images go after everything this colour keeps.
      const nextSort = new Map<number, number>();
      for (const k of await q.productImages(tx, productId))
        nextSort.set(k.color_id, Math.max(nextSort.get(k.color_id) ?? 0, k.sort_order + 1));
      await q.insertImages(
        tx,
        stored.map((s) => {
          const n = nextSort.get(s.colorId) ?? 0;
          nextSort.set(s.colorId, n + 1);
          return { product_id: productId, color_id: s.colorId, file_name: s.fileName, sort_order: n };
        }),
      );
    });
  } catch (err) {
    await removeStored(deps, stored);
    throw err;
  }
  await Promise.all(removedFiles.map((f) => deleteImageFiles(deps, f)));
  bumpCatalogVersion();
  return { images: groupImages(await q.productImages(deps.db, productId)), refused };
}

/** DELETE /Product/{id}/Images/{fileName}: removes one image (row and files). */
export async function deleteProductImage(
  deps: AppDeps,
  productId: number,
  rawName: string,
): Promise<{ productID: number; fileName: string }> {
  await requireProduct(deps.db, productId);
  const fileName = toFileName(rawName, 'fileName');
  const img = (await q.productImages(deps.db, productId)).find((i) => i.file_name === fileName);
  if (!img) throw notFound(staffMessages.dashboard.imageNotFound);
  await audited(deps.db, { entity: 'product', action: 'images', entityId: productId }, productState, (tx) =>
    q.deleteImagesByIds(tx, [img.image_id]),
  );
  await deleteImageFiles(deps, fileName);
  return written({ productID: productId, fileName });
}
