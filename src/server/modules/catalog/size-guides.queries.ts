// SQL of size guides (issue 26, migration 0320): the catalogue owns them with its categories and products.
import { sql } from 'kysely';
import type { DB } from '#server/db/client';

/** A product's own guide, else its category's (one row, the product's first). */
export const guideForProduct = (db: DB, productId: number, categoryId: number) =>
  db
    .selectFrom('size_guides')
    .select(['columns_json', 'rows_json', 'note', 'product_id'])
    .where((eb) => eb.or([eb('product_id', '=', productId), eb('category_id', '=', categoryId)]))
    // The product's own first (NULLs sort last on SQLite but first on PostgreSQL in DESC: compare explicitly).
    .orderBy(sql`product_id IS NULL`)
    .limit(1)
    .executeTakeFirst();

const staffColumns = [
  'g.size_guide_id',
  'g.category_id',
  'g.product_id',
  'g.columns_json',
  'g.rows_json',
  'g.note',
  'g.updated_at',
  'c.category_name',
  'p.name as product_name',
] as const;

/** Every guide with the name of its category or product: categories first (by name), then product overrides. */
export const staffGuides = (db: DB) =>
  db
    .selectFrom('size_guides as g')
    .leftJoin('categories as c', 'c.category_id', 'g.category_id')
    .leftJoin('products as p', 'p.product_id', 'g.product_id')
    .select(staffColumns)
    .orderBy(sql`g.product_id IS NOT NULL`)
    .orderBy('c.category_name', 'asc')
    .orderBy('p.name', 'asc')
    .execute();
export type StaffGuideRow = Awaited<ReturnType<typeof staffGuides>>[number];

export const staffGuideFor = (db: DB, column: 'category_id' | 'product_id', id: number) =>
  db
    .selectFrom('size_guides as g')
    .leftJoin('categories as c', 'c.category_id', 'g.category_id')
    .leftJoin('products as p', 'p.product_id', 'g.product_id')
    .select(staffColumns)
    .where(`g.${column}`, '=', id)
    .executeTakeFirst();

export const categoryExists = async (db: DB, id: number) =>
  (await db.selectFrom('categories').select('category_id').where('category_id', '=', id).executeTakeFirst()) !==
  undefined;
export const productExists = async (db: DB, id: number) =>
  (await db.selectFrom('products').select('product_id').where('product_id', '=', id).executeTakeFirst()) !== undefined;

export interface GuideValues {
  columns_json: string;
  rows_json: string;
  note: string;
  updated_at: string;
}

/** Writes a category's or product's guide, replacing the one it had (the unique index decides, on both engines). */
export async function upsertGuide(db: DB, column: 'category_id' | 'product_id', id: number, values: GuideValues) {
  await db
    .insertInto('size_guides')
    .values({ [column]: id, ...values })
    .onConflict((oc) => oc.column(column).doUpdateSet(values))
    .execute();
}

export const deleteGuide = (db: DB, column: 'category_id' | 'product_id', id: number) =>
  db.deleteFrom('size_guides').where(column, '=', id).executeTakeFirst();
