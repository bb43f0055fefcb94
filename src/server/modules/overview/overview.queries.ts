// SQL of the dashboard overview's own figure: low stock. Its order figures are the orders module's
// (orders/order-figures.queries.ts), asked through orders/index.ts.
import type { DB } from '../../db/client';

type Db = DB;

export async function lowStockVariants(db: Db, threshold: number, limit: number) {
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.product_id', 'v.product_id')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as c', 'c.color_id', 'v.color_id')
    .select(['v.variant_id', 'v.product_id', 'p.name', 's.size_name', 'c.color_name', 'c.hex_code', 'v.stock_quantity'])
    .where('v.stock_quantity', '<=', threshold)
    .orderBy('v.stock_quantity')
    .orderBy('p.name')
    .orderBy('v.variant_id')
    .limit(limit)
    .execute();
}
