// Staff category rules: create and edit under an existing main category; a category with products stays.
import { staffMessages } from '#shared/messages-staff';
import type { CategoryDto } from '#shared/dto/catalog';
import type { CategoryInput } from '#shared/schemas/catalog-admin';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import * as refs from '../references.queries';
import { badField, written } from '../writes';
import { audited } from '#server/modules/audit';
import { categoryState } from '../audit-states.queries';
import * as q from './categories.queries';

const toCategory = (id: number, input: CategoryInput): CategoryDto => ({
  categoryID: id,
  categoryName: input.categoryName,
  description: input.description,
  mainCategoryID: input.mainCategoryID,
});
const values = (input: CategoryInput) => ({
  category_name: input.categoryName,
  description: input.description,
  main_category_id: input.mainCategoryID,
});

async function checkMain(db: DB, id: number): Promise<void> {
  if (!(await refs.mainCategoryExists(db, id)))
    throw badField('mainCategoryID', staffMessages.dashboard.unknownMainCategory);
}

export async function createCategory(deps: AppDeps, input: CategoryInput): Promise<CategoryDto> {
  await checkMain(deps.db, input.mainCategoryID);
  const id = await audited(
    deps.db,
    { entity: 'category', action: 'create', idOf: (n: number) => n },
    categoryState,
    (tx) => q.insertCategory(tx, values(input)),
  );
  return written(toCategory(id, input));
}

export async function updateCategory(deps: AppDeps, id: number, input: CategoryInput): Promise<CategoryDto> {
  await checkMain(deps.db, input.mainCategoryID);
  await audited(deps.db, { entity: 'category', action: 'update', entityId: id }, categoryState, async (tx) => {
    const res = await q.updateCategory(tx, id, values(input));
    if (Number(res.numUpdatedRows) === 0) throw notFound(staffMessages.dashboard.categoryNotFound);
  });
  return written(toCategory(id, input));
}

/** A category that still has products answers 409 instead of orphaning them. */
export async function deleteCategory(deps: AppDeps, id: number): Promise<{ categoryID: number }> {
  await audited(deps.db, { entity: 'category', action: 'delete', entityId: id }, categoryState, async (tx) => {
    if (!(await refs.categoryExists(tx, id))) throw notFound(staffMessages.dashboard.categoryNotFound);
    const n = await q.countProductsInCategory(tx, id);
    if (n > 0)
      throw new AppError('CONFLICT', staffMessages.dashboard.categoryHasProducts, undefined, { productCount: n });
    await q.deleteCategory(tx, id);
  });
  return written({ categoryID: id });
}
