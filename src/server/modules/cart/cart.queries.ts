// SQL of the server cart (signed-in shoppers): one row per (user, variant), quantities capped by the service.
import { sql } from 'kysely';
import type { DB } from '#server/db/client';
import { largerOf, smallerOf } from '#server/db/dialect';

export async function cartRows(db: DB, userId: number) {
  return db
    .selectFrom('cart_items')
    .select(['cart_item_id', 'variant_id', 'quantity'])
    .where('user_id', '=', userId)
    .orderBy('cart_item_id')
    .execute();
}

export async function cartRow(db: DB, userId: number, cartItemId: number) {
  return db
    .selectFrom('cart_items')
    .select(['cart_item_id', 'variant_id', 'quantity'])
    .where('user_id', '=', userId)
    .where('cart_item_id', '=', cartItemId)
    .executeTakeFirst();
}

export async function cartRowByVariant(db: DB, userId: number, variantId: number) {
  return db
    .selectFrom('cart_items')
    .select(['cart_item_id', 'variant_id', 'quantity'])
    .where('user_id', '=', userId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
}

/** Adds `quantity` to the user's line of a variant (creating it), never above `cap`; returns the line. */
export async function addCapped(db: DB, userId: number, variantId: number, quantity: number, cap: number) {
  return db
    .insertInto('cart_items')
    .values({ user_id: userId, variant_id: variantId, quantity: Math.min(quantity, cap) })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'variant_id'])
        .doUpdateSet({ quantity: smallerOf(db, sql<number>`cart_items.quantity + excluded.quantity`, cap) }),
    )
    .returning(['cart_item_id', 'variant_id', 'quantity'])
    .executeTakeFirstOrThrow();
}

/** Raises a variant's line to `quantity` (capped), creating it if missing; a larger line stays as it is. */
export async function raiseCapped(db: DB, userId: number, variantId: number, quantity: number, cap: number) {
  const target = Math.min(quantity, cap);
  return db
    .insertInto('cart_items')
    .values({ user_id: userId, variant_id: variantId, quantity: target })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'variant_id'])
        .doUpdateSet({ quantity: largerOf(db, sql<number>`cart_items.quantity`, target) }),
    )
    .returning(['cart_item_id', 'variant_id', 'quantity'])
    .executeTakeFirstOrThrow();
}

export async function setQuantity(db: DB, userId: number, cartItemId: number, quantity: number) {
  return db
    .updateTable('cart_items')
    .set({ quantity })
    .where('user_id', '=', userId)
    .where('cart_item_id', '=', cartItemId)
    .returning(['cart_item_id', 'variant_id', 'quantity'])
    .executeTakeFirst();
}

export async function deleteRow(db: DB, userId: number, cartItemId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('cart_items')
    .where('user_id', '=', userId)
    .where('cart_item_id', '=', cartItemId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Removes the user's lines of these variants (after they were ordered). */
export async function deleteVariantLines(db: DB, userId: number, variantIds: readonly number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await db
    .deleteFrom('cart_items')
    .where('user_id', '=', userId)
    .where('variant_id', 'in', [...variantIds])
    .execute();
}

/** The server carts of these users (the forgotten-cart job's batch). */
export async function cartRowsOfUsers(db: DB, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('cart_items')
    .select(['user_id', 'variant_id', 'quantity'])
    .where('user_id', 'in', [...userIds])
    .orderBy('user_id')
    .orderBy('cart_item_id')
    .execute();
}

export async function hasLines(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('cart_items')
    .select('cart_item_id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
