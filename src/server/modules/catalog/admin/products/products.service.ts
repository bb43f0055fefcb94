// Staff product rules: create, edit details, add/update/replace variants, feature, delete (the list and the bulk
// action are products-table.service.ts and products-bulk.service.ts). Every write is one transaction and bumps the
// storefront read cache.
import { staffMessages } from '#shared/messages-staff';
import { eurosToCents } from '#shared/money';
import { shopToday } from '#shared/dates';
import { productTextValues } from '#shared/product-fields';
import type { ProductDetailsInput, VariantInput } from '#shared/schemas/catalog-admin';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { isUniqueViolation } from '#server/db/errors';
import { AppError, notFound } from '#server/errors';
import type { Actor } from '#server/modules/accounts';
import { deleteImageFiles } from '#server/modules/media';
import { setStocks } from '#server/modules/catalog/stock';
import { audited } from '#server/modules/audit';
import { productState } from '../audit-states.queries';
import { requireColors, requireProduct } from '../checks';
import * as refs from '../references.queries';
import { productImageFiles } from '../images/images.service';
import { badField, written } from '../writes';
import * as q from './products.queries';

/** The audit row's subject: this product, this step (decision 228). */
const product = (entityId: number, action: string) => ({ entity: 'product' as const, entityId, action });

type NewVariant = Omit<VariantInput, 'variantID'>;
type ExistingVariant = VariantInput & { variantID: number };

async function checkProductRefs(db: DB, input: ProductDetailsInput): Promise<void> {
  if (!(await refs.categoryExists(db, input.categoryID)))
    throw badField('categoryID', staffMessages.dashboard.unknownCategory);
  const found = await refs.existingEventIds(db, input.eventIDs);
  if (found.length !== input.eventIDs.length) throw badField('eventIDs', staffMessages.dashboard.unknownEvent);
}

async function checkVariantRefs(db: DB, rows: Array<{ sizeID: number; colorID: number }>): Promise<void> {
  const sizeIds = [...new Set(rows.map((r) => r.sizeID))];
  if ((await refs.existingSizeIds(db, sizeIds)).length !== sizeIds.length)
    throw badField('variants', staffMessages.dashboard.unknownSize);
  await requireColors(
    db,
    rows.map((r) => r.colorID),
    'variants',
  );
}

const productValues = (input: ProductDetailsInput): q.ProductValues => ({
  name: input.name,
  barcode: input.barcode,
  description: input.description,
  brand: input.brand,
  category_id: input.categoryID,
  price_cents: eurosToCents(input.price),
  is_active: input.isActive ? 1 : 0,
  ...productTextValues(input),
});

const duplicateVariant = () =>
  new AppError('CONFLICT', staffMessages.dashboard.duplicateVariant, {
    variants: [staffMessages.dashboard.duplicateVariant],
  });

/** The staff member behind a write (the operations pass their caller, which carries the actor). */
type StaffDeps = AppDeps & { actor?: Actor | null };
const staffEdit = (deps: StaffDeps) => ({ reason: 'staff_edit' as const, actorId: deps.actor?.userId ?? null });

/** Inserts new variants at 0 units, then sets their stock through the ledger (decision 231). */
async function insertVariants(tx: DB, productId: number, rows: NewVariant[], who: StockWho): Promise<void> {
  let ids: number[];
  try {
    ids = await q.insertVariants(tx, productId, rows);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateVariant();
    throw err;
  }
  await setStocks(
    tx,
    ids.map((variantId, i) => ({ variantId, setTo: rows[i]!.stockQuantity })),
    who,
  );
}
type StockWho = ReturnType<typeof staffEdit>;

/** Creates a product (dateAdded = today in the shop's zone) with its events and, optionally, its variants. */
export async function createProduct(
  deps: StaffDeps,
  input: ProductDetailsInput,
  variants: NewVariant[] = [],
): Promise<{ productID: number }> {
  await checkProductRefs(deps.db, input);
  await checkVariantRefs(deps.db, variants);
  const productID = await audited(
    deps.db,
    { entity: 'product', action: 'create', idOf: (id: number) => id },
    productState,
    async (tx) => {
      const id = await q.insertProduct(tx, { ...productValues(input), date_added: shopToday() });
      await q.replaceProductEvents(tx, id, input.eventIDs);
      await insertVariants(tx, id, variants, staffEdit(deps));
      return id;
    },
  );
  return written({ productID });
}

export async function updateProductDetails(
  deps: AppDeps,
  productId: number,
  input: ProductDetailsInput,
): Promise<{ productID: number }> {
  await requireProduct(deps.db, productId);
  await checkProductRefs(deps.db, input);
  await audited(deps.db, product(productId, 'update'), productState, async (tx) => {
    await q.updateProduct(tx, productId, productValues(input));
    await q.replaceProductEvents(tx, productId, input.eventIDs);
  });
  return written({ productID: productId });
}

/** POST /Variants: adds new variants; a size/colour pair the product already has is a 409. */
export async function addVariants(
  deps: StaffDeps,
  productId: number,
  rows: NewVariant[],
): Promise<{ productID: number }> {
  await requireProduct(deps.db, productId);
  await checkVariantRefs(deps.db, rows);
  await audited(deps.db, product(productId, 'variants'), productState, (tx) =>
    insertVariants(tx, productId, rows, staffEdit(deps)),
  );
  return written({ productID: productId });
}

/** PUT /Variants: updates existing variants of this product (each row names its variantID). */
export async function updateVariants(
  deps: StaffDeps,
  productId: number,
  rows: ExistingVariant[],
): Promise<{ productID: number }> {
  await requireProduct(deps.db, productId);
  await checkVariantRefs(deps.db, rows);
  const own = new Set((await q.productVariants(deps.db, productId)).map((v) => v.variant_id));
  if (rows.some((r) => !own.has(r.variantID))) throw badField('variants', staffMessages.dashboard.variantNotOfProduct);
  await audited(deps.db, product(productId, 'variants'), productState, (tx) =>
    applyVariantUpdates(tx, productId, rows, staffEdit(deps)),
  );
  return written({ productID: productId });
}

/**
 * The dashboard editor's save of an existing product: details, events and the whole variant table in one
 * transaction. Rows with a variantID are updated, rows without are added, and the product's variants missing
 * from the list are removed (cart lines of those go with them; order lines keep their snapshot).
 */
export async function updateProduct(
  deps: StaffDeps,
  productId: number,
  input: ProductDetailsInput,
  rows: VariantInput[],
): Promise<{ productID: number }> {
  await requireProduct(deps.db, productId);
  await checkProductRefs(deps.db, input);
  await checkVariantRefs(deps.db, rows);
  const current = await q.productVariants(deps.db, productId);
  const own = new Set(current.map((v) => v.variant_id));
  if (rows.some((r) => r.variantID !== undefined && !own.has(r.variantID)))
    throw badField('variants', staffMessages.dashboard.variantNotOfProduct);
  const keep = new Set(rows.flatMap((r) => (r.variantID ? [r.variantID] : [])));
  await audited(deps.db, product(productId, 'update'), productState, async (tx) => {
    await q.updateProduct(tx, productId, productValues(input));
    await q.replaceProductEvents(tx, productId, input.eventIDs);
    await q.deleteVariants(
      tx,
      productId,
      current.filter((v) => !keep.has(v.variant_id)).map((v) => v.variant_id),
    );
    const existing = rows.filter((r): r is ExistingVariant => r.variantID !== undefined);
    await applyVariantUpdates(tx, productId, existing, staffEdit(deps));
    await insertVariants(
      tx,
      productId,
      rows.filter((r) => r.variantID === undefined),
      staffEdit(deps),
    );
  });
  return written({ productID: productId });
}

/**
 * Updates variants in rounds: a row whose new size/colour pair is still held by another row that is itself
 * moving waits for the next round. Only a true clash (or a cycle of swaps) is left over, answered with 409.
 */
async function applyVariantUpdates(tx: DB, productId: number, rows: ExistingVariant[], who: StockWho): Promise<void> {
  let pending = rows;
  while (pending.length) {
    const waiting: typeof pending = [];
    for (const r of pending) {
      try {
        await q.updateVariant(tx, productId, r);
      } catch (err) {
        if (isUniqueViolation(err)) waiting.push(r);
        else throw err;
      }
    }
    if (waiting.length === pending.length) throw duplicateVariant();
    pending = waiting;
  }
  // Stock through the ledger (decision 231): a row only for the variants whose count the editor changed.
  await setStocks(
    tx,
    rows.map((r) => ({ variantId: r.variantID, setTo: r.stockQuantity })),
    who,
  );
}

export async function setFeatured(
  deps: AppDeps,
  productId: number,
  isFeatured: boolean,
): Promise<{ productID: number; isFeatured: boolean }> {
  await audited(deps.db, product(productId, 'feature'), productState, async (tx) => {
    const res = await q.setProductFeatured(tx, productId, isFeatured);
    if (Number(res.numUpdatedRows) === 0) throw notFound(staffMessages.dashboard.productNotFound);
  });
  return written({ productID: productId, isFeatured });
}

/** Deletes a product with its variants, images (rows and files) and links; order lines keep their snapshots. */
export async function deleteProduct(deps: AppDeps, productId: number): Promise<{ productID: number }> {
  await requireProduct(deps.db, productId);
  const files = await productImageFiles(deps, productId);
  await audited(deps.db, product(productId, 'delete'), productState, async (tx) => {
    await q.deleteProductRow(tx, productId);
  });
  await Promise.all(files.map((f) => deleteImageFiles(deps, f)));
  return written({ productID: productId });
}
