// SQL of the scale shop's builder (issue 38): multi-row inserts through Kysely's builder with the schema's types, as
// many rows a statement as keep it under both engines' bound-parameter limits; ids come back in the order given.
import { sql, type Insertable } from 'kysely';
import type { DB } from '#server/db/client';
import type { Database } from '#server/db/schema';

type Table = keyof Database;
export type Row<T extends Table> = Insertable<Database[T]>;

/** Bound parameters per statement: under SQLite's 32 766 and PostgreSQL's 65 535. */
const PARAMS = 30_000;

const perStatement = (row: object) => Math.max(1, Math.floor(PARAMS / Math.max(1, Object.keys(row).length)));

/** Inserts every row, a statement per chunk. */
export async function insertRows<T extends Table>(db: DB, table: T, rows: Array<Row<T>>): Promise<void> {
  if (!rows.length) return;
  const per = perStatement(rows[0]!);
  for (let i = 0; i < rows.length; i += per)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + per) as never)
      .execute();
}

/**
 * Inserts every row and answers their generated ids in the order of `rows`: one multi-row INSERT numbers its rows in
 * the order of its VALUES on both engines, so each chunk's returned ids are sorted before they are matched.
 */
export async function insertReturningIds<T extends Table>(
  db: DB,
  table: T,
  idColumn: string,
  rows: Array<Row<T>>,
): Promise<number[]> {
  const ids: number[] = [];
  if (!rows.length) return ids;
  const per = perStatement(rows[0]!);
  for (let i = 0; i < rows.length; i += per) {
    const got = (await db
      .insertInto(table)
      .values(rows.slice(i, i + per) as never)
      .returning(idColumn as never)
      .execute()) as Array<Record<string, number>>;
    ids.push(...got.map((r) => Number(r[idColumn])).sort((a, b) => a - b));
  }
  return ids;
}

/** Each product's stars from its approved reviews (what the catalogue keeps on every review decision, decision 234). */
export async function recountRatings(db: DB): Promise<void> {
  await sql`UPDATE products SET
      rating_total = COALESCE((SELECT SUM(r.rating) FROM product_reviews r
        WHERE r.product_id = products.product_id AND r.status = 'approved'), 0),
      rating_count = (SELECT COUNT(*) FROM product_reviews r
        WHERE r.product_id = products.product_id AND r.status = 'approved')
    WHERE EXISTS (SELECT 1 FROM product_reviews r WHERE r.product_id = products.product_id)`.execute(db);
}

/** The products of every product discount and its percentage (the builder prices order lines as on the day). */
export async function discountedProducts(db: DB) {
  return db
    .selectFrom('product_discount_products as dp')
    .innerJoin('product_discounts as d', 'd.product_discount_id', 'dp.product_discount_id')
    .select(['dp.product_id', 'd.discount_percentage'])
    .execute();
}

/** A promo code's use count: the orders placed with it (checkout raises it one order at a time). */
export async function setPromoUses(db: DB, promoId: number, uses: number): Promise<void> {
  await db.updateTable('promo_codes').set({ uses }).where('promo_code_discount_id', '=', promoId).execute();
}

/** Rows of a table (the summary and the invariant test). */
export async function countRows(db: DB, table: Table): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Products or users already there: the builder fills only an empty shop. */
export async function shopIsEmpty(db: DB): Promise<boolean> {
  return (await countRows(db, 'products')) === 0 && (await countRows(db, 'orders')) === 0;
}

/** Fresh planner statistics after a bulk load (PostgreSQL's autovacuum would gather them soon after; see build.ts). */
export async function analyze(db: DB): Promise<void> {
  await sql`ANALYZE`.execute(db);
}
