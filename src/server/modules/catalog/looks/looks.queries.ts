// SQL of looks (issue 37, migration 0560, decision 276). A look and its pieces come back as one row per piece, in one
// query: the product page's looks, the looks page and the checkout's look discounts each cost one query here.
import type { DB } from '#server/db/client';

const pieceColumns = ['l.look_id', 'l.name', 'l.photo_file', 'l.discount_percent', 'lp.product_id'] as const;

/** Every look holding the product, with all its pieces (the product's too), looks by id, pieces in their order. */
export const looksOfProductRows = (db: DB, productId: number) =>
  db
    .selectFrom('looks as l')
    .innerJoin('look_products as lp', 'lp.look_id', 'l.look_id')
    .select(pieceColumns)
    .where('l.look_id', 'in', (eb) =>
      eb.selectFrom('look_products').select('look_id').where('product_id', '=', productId),
    )
    .orderBy('l.look_id')
    .orderBy('lp.position')
    .execute();
export type LookPieceRow = Awaited<ReturnType<typeof looksOfProductRows>>[number];

/** The newest `limit` looks with their pieces (the looks page). */
export const newestLookRows = (db: DB, limit: number) =>
  db
    .selectFrom('looks as l')
    .innerJoin('look_products as lp', 'lp.look_id', 'l.look_id')
    .select(pieceColumns)
    .where('l.look_id', 'in', (eb) => eb.selectFrom('looks').select('look_id').orderBy('look_id', 'desc').limit(limit))
    .orderBy('l.look_id', 'desc')
    .orderBy('lp.position')
    .execute();

/** Looks with a set discount that hold any of the products, with all their pieces (the checkout's pricing). */
export const discountedLookRows = (db: DB, productIds: number[]) =>
  db
    .selectFrom('looks as l')
    .innerJoin('look_products as lp', 'lp.look_id', 'l.look_id')
    .innerJoin('products as p', 'p.product_id', 'lp.product_id')
    .select([...pieceColumns, 'p.is_active'])
    .where('l.discount_percent', 'is not', null)
    .where('l.look_id', 'in', (eb) =>
      eb.selectFrom('look_products').select('look_id').where('product_id', 'in', productIds),
    )
    .orderBy('l.look_id')
    .orderBy('lp.position')
    .execute();

/** Every look for staff (or one), with its pieces' names and whether they are on sale. */
export const staffLookRows = (db: DB, lookId?: number) => {
  let query = db
    .selectFrom('looks as l')
    .leftJoin('look_products as lp', 'lp.look_id', 'l.look_id')
    .leftJoin('products as p', 'p.product_id', 'lp.product_id')
    .select(['l.look_id', 'l.name', 'l.photo_file', 'l.discount_percent', 'l.updated_at'])
    .select(['lp.product_id', 'p.name as product_name', 'p.is_active'])
    .orderBy('l.look_id', 'desc')
    .orderBy('lp.position');
  if (lookId !== undefined) query = query.where('l.look_id', '=', lookId);
  return query.execute();
};
export type StaffLookRow = Awaited<ReturnType<typeof staffLookRows>>[number];

export const existingProductIds = async (db: DB, ids: number[]): Promise<number[]> =>
  (await db.selectFrom('products').select('product_id').where('product_id', 'in', ids).execute()).map(
    (r) => r.product_id,
  );

export interface LookFields {
  name: string;
  discount_percent: number | null;
  updated_at: string;
}

export const insertLook = async (db: DB, fields: LookFields): Promise<number> =>
  (await db.insertInto('looks').values(fields).returning('look_id').executeTakeFirstOrThrow()).look_id;

export const updateLook = (db: DB, lookId: number, fields: Partial<LookFields> & { photo_file?: string | null }) =>
  db.updateTable('looks').set(fields).where('look_id', '=', lookId).executeTakeFirst();

export const lookPhoto = async (db: DB, lookId: number) =>
  db.selectFrom('looks').select('photo_file').where('look_id', '=', lookId).executeTakeFirst();

/** Replaces a look's pieces with `productIds`, in that order. */
export async function setPieces(db: DB, lookId: number, productIds: number[]): Promise<void> {
  await db.deleteFrom('look_products').where('look_id', '=', lookId).execute();
  await db
    .insertInto('look_products')
    .values(productIds.map((product_id, position) => ({ look_id: lookId, product_id, position })))
    .execute();
}

export async function deleteLook(db: DB, lookId: number) {
  await db.deleteFrom('look_products').where('look_id', '=', lookId).execute();
  return db.deleteFrom('looks').where('look_id', '=', lookId).executeTakeFirst();
}
