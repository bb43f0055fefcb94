// Promo code limits and free shipping per country (issue 14, decision 181). `uses` counts the orders placed with a
// code and is raised by a guarded UPDATE inside the checkout transaction, so a limit holds under concurrent
// checkouts on every engine; it starts at today's count of orders with the code.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('promo_codes').addColumn('max_uses', 'integer').execute();
  await db.schema.alterTable('promo_codes').addColumn('max_uses_per_customer', 'integer').execute();
  await db.schema.alterTable('promo_codes').addColumn('min_subtotal_cents', 'integer').execute();
  await db.schema
    .alterTable('promo_codes')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('promo_codes')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('promo_codes')
    .set({
      uses: (eb: any) =>
        eb
          .selectFrom('orders')
          .select(sql`count(*)`.as('n'))
          .whereRef('orders.promo_code_discount_id', '=', 'promo_codes.promo_code_discount_id'),
    })
    .execute();
  await db.schema.alterTable('countries').addColumn('free_shipping_from_cents', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('countries').dropColumn('free_shipping_from_cents').execute();
  for (const c of ['uses', 'is_active', 'min_subtotal_cents', 'max_uses_per_customer', 'max_uses']) {
    await db.schema.alterTable('promo_codes').dropColumn(c).execute();
  }
}
