// SQL of the demo looks (decision 276): a look and its pieces.
import type { DB } from '../db/client';

export async function insertDemoLook(
  db: DB,
  look: { name: string; discountPercent: number | null; productIds: number[]; at: string },
): Promise<void> {
  const row = await db
    .insertInto('looks')
    .values({ name: look.name, discount_percent: look.discountPercent, updated_at: look.at })
    .returning('look_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('look_products')
    .values(look.productIds.map((product_id, position) => ({ look_id: row.look_id, product_id, position })))
    .execute();
}
