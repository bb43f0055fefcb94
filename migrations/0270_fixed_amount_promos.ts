// Promo codes worth a fixed amount in euros as well as a percentage (issue 25, decision 222). A code's
// `discount_kind` is 'percent' (every code so far: `discount_percentage` 1–100, no amount) or 'fixed'
// (`discount_amount_cents` > 0, `discount_percentage` 0). One CHECK holds that pair, replacing 0001's
// `discount_percentage BETWEEN 1 AND 100`: PostgreSQL drops and adds the constraint; SQLite cannot change a CHECK, so
// the table is rebuilt as SQLite's documentation prescribes (foreign keys off, copy, drop, rename, index, check the
// keys, in one transaction), keeping ids, the AUTOINCREMENT sequence, and every link of products and orders.
// An order keeps the fixed amount of the code it used in `promo_amount_cents` (null for a percentage code or none),
// beside `discount_cents`, what was taken off.
import { sql, type Kysely } from 'kysely';
import { autoId, createCaseInsensitiveUniqueIndex, isPostgres, nowIso } from '#server/db/dialect';

const VALUE_CHECK = sql`(discount_kind = 'percent' AND discount_percentage BETWEEN 1 AND 100 AND discount_amount_cents IS NULL)
  OR (discount_kind = 'fixed' AND discount_percentage = 0 AND discount_amount_cents > 0)`;

const KEPT =
  'promo_code_discount_id, code_name, discount_percentage, start_date, end_date, created_at, max_uses, ' +
  'max_uses_per_customer, min_subtotal_cents, is_active, uses';

/** SQLite: promo_codes rebuilt with (up) or without (down) the kind and the amount, same ids, sequence and links. */
async function rebuildSqlite(db: Kysely<any>, withKinds: boolean): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      let table = trx.schema
        .createTable('promo_codes_0270')
        .addColumn('promo_code_discount_id', 'integer', autoId(trx))
        .addColumn('code_name', 'text', (c) => c.notNull())
        .addColumn('discount_percentage', 'integer', (c) =>
          withKinds ? c.notNull() : c.notNull().check(sql`discount_percentage BETWEEN 1 AND 100`),
        )
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(trx)))
        .addColumn('max_uses', 'integer')
        .addColumn('max_uses_per_customer', 'integer')
        .addColumn('min_subtotal_cents', 'integer')
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0));
      if (withKinds)
        table = table
          .addColumn('discount_kind', 'varchar(10)', (c) => c.notNull().defaultTo('percent'))
          .addColumn('discount_amount_cents', 'integer')
          .addCheckConstraint('promo_codes_value', VALUE_CHECK);
      await table.execute();
      await sql.raw(`INSERT INTO promo_codes_0270 (${KEPT}) SELECT ${KEPT} FROM promo_codes`).execute(trx);
      const seq = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'promo_codes'`.execute(trx);
      await trx.schema.dropTable('promo_codes').execute();
      await trx.schema.alterTable('promo_codes_0270').renameTo('promo_codes').execute();
      // Ids of codes deleted before are not handed out again (the old table's sequence, when it was higher).
      const last = seq.rows[0]?.seq;
      if (last !== undefined)
        await sql`UPDATE sqlite_sequence SET seq = max(seq, ${last}) WHERE name = 'promo_codes'`.execute(trx);
      await createCaseInsensitiveUniqueIndex(trx, 'promo_codes_code_nocase', 'promo_codes', 'code_name');
      const broken = await sql`PRAGMA foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`0270: ${broken.rows.length} broken foreign keys after the rebuild`);
    });
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema
      .alterTable('promo_codes')
      .addColumn('discount_kind', 'varchar(10)', (c) => c.notNull().defaultTo('percent'))
      .execute();
    await db.schema.alterTable('promo_codes').addColumn('discount_amount_cents', 'integer').execute();
    await sql`ALTER TABLE promo_codes DROP CONSTRAINT IF EXISTS promo_codes_discount_percentage_check`.execute(db);
    await db.schema.alterTable('promo_codes').addCheckConstraint('promo_codes_value', VALUE_CHECK).execute();
  } else {
    await rebuildSqlite(db, true);
  }
  await db.schema.alterTable('orders').addColumn('promo_amount_cents', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('promo_amount_cents').execute();
  // Fixed codes have no percentage the old schema could hold: they go (orders keep their snapshot of the code).
  await db.deleteFrom('promo_codes').where('discount_kind', '=', 'fixed').execute();
  if (!isPostgres(db)) return rebuildSqlite(db, false);
  await db.schema.alterTable('promo_codes').dropConstraint('promo_codes_value').execute();
  await db.schema.alterTable('promo_codes').dropColumn('discount_amount_cents').execute();
  await db.schema.alterTable('promo_codes').dropColumn('discount_kind').execute();
  await sql`ALTER TABLE promo_codes ADD CONSTRAINT promo_codes_discount_percentage_check CHECK (discount_percentage BETWEEN 1 AND 100)`.execute(
    db,
  );
}
