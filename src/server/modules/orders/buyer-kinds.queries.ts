// SQL of the refusal rate by first-time vs repeat_buyer buyer (decision 275): each order's stored share and the sums per
// day part and kind, moved by deltas when the buyers' settling finds a share changed.
import type { DB } from '#server/db/client';

export interface KindRow {
  order_id: number;
  part: string;
  repeat_buyer: number;
  shipped: number;
  returned: number;
}

export function kindRows(db: DB, orderIds: number[]): Promise<KindRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('buyer_order_kinds')
    .select(['order_id', 'part', 'repeat_buyer', 'shipped', 'returned'])
    .where('order_id', 'in', orderIds)
    .execute();
}

export async function putKindRows(db: DB, rows: KindRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('buyer_order_kinds')
    .values(rows)
    .onConflict((oc) =>
      oc.column('order_id').doUpdateSet((eb) => ({
        part: eb.ref('excluded.part'),
        repeat_buyer: eb.ref('excluded.repeat_buyer'),
        shipped: eb.ref('excluded.shipped'),
        returned: eb.ref('excluded.returned'),
      })),
    )
    .execute();
}

export async function deleteKindRows(db: DB, orderIds: number[]): Promise<void> {
  if (orderIds.length) await db.deleteFrom('buyer_order_kinds').where('order_id', 'in', orderIds).execute();
}

/** Adds (or with negative numbers takes away) shipped and refused orders of a day part and kind. */
export async function addKindFigures(
  db: DB,
  deltas: { part: string; repeat_buyer: number; shipped: number; returned: number }[],
): Promise<void> {
  for (const d of deltas) {
    if (d.shipped === 0 && d.returned === 0) continue;
    await db
      .insertInto('buyer_kind_figures')
      .values(d)
      .onConflict((oc) =>
        oc.columns(['part', 'repeat_buyer']).doUpdateSet((eb) => ({
          shipped: eb('buyer_kind_figures.shipped', '+', d.shipped),
          returned: eb('buyer_kind_figures.returned', '+', d.returned),
        })),
      )
      .execute();
  }
}

export async function wipeKinds(db: DB): Promise<void> {
  await db.deleteFrom('buyer_order_kinds').execute();
  await db.deleteFrom('buyer_kind_figures').execute();
}

/** Shipped and refused orders of first-time (repeat_buyer 0) and repeat_buyer (1) buyers over day parts [from, to). */
export function kindFiguresBetween(db: DB, fromPart: string, toPart: string) {
  return db
    .selectFrom('buyer_kind_figures')
    .select((eb) => [
      'repeat_buyer',
      eb.fn.sum<number | string | null>('shipped').as('shipped'),
      eb.fn.sum<number | string | null>('returned').as('returned'),
    ])
    .where('part', '>=', fromPart)
    .where('part', '<', toPart)
    .groupBy('repeat_buyer')
    .execute();
}
