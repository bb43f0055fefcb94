// A change of stock no longer empties the catalogue's read cache (issue 38, decision 260). Until now the variants'
// update trigger (migration 0010) bumped catalog_state.version on every update, stock included, so every order
// dropped every cached answer and page. Now:
// - an update of any variant column but stock_quantity still bumps the version (as before);
// - a change of stock_quantity bumps catalog_state.stock_seq instead and records the product it moved in
//   catalog_stock_moves (one row per product, its latest move), so a reader drops only the answers that show that
//   product (read-cache.ts), whichever module or process wrote the stock.
// A column added to product_variants later must be added to VERSIONED below (stock-moves.test.ts checks it).
// SQLite: row triggers (its writes are serialised). PostgreSQL: a deferred constraint trigger, like 0010's: it takes
// catalog_state's row lock at commit, once per transaction, so stock_seq grows in commit order and two checkouts of
// different variants cannot deadlock on it.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '#server/db/dialect';

/** Every column of product_variants but stock_quantity: an update of any of them changes what the catalogue shows. */
const VERSIONED = 'variant_id, product_id, size_id, color_id, low_stock_threshold';

const SQLITE_VERSION_TRIGGER = `CREATE TRIGGER catalog_version_product_variants_update AFTER UPDATE OF ${VERSIONED} ON product_variants BEGIN UPDATE catalog_state SET version = version + 1 WHERE id = 1; END`;
const SQLITE_STOCK_TRIGGER = `CREATE TRIGGER catalog_stock_move AFTER UPDATE OF stock_quantity ON product_variants WHEN OLD.stock_quantity IS NOT NEW.stock_quantity BEGIN
  UPDATE catalog_state SET stock_seq = stock_seq + 1 WHERE id = 1;
  INSERT INTO catalog_stock_moves (product_id, seq) VALUES (NEW.product_id, (SELECT stock_seq FROM catalog_state WHERE id = 1))
    ON CONFLICT (product_id) DO UPDATE SET seq = excluded.seq;
END`;

const PG_STOCK_FUNCTION = `CREATE FUNCTION catalog_stock_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s integer := nullif(current_setting('butiku.stock_seq', true), '')::integer;
BEGIN
  IF s IS NULL THEN
    UPDATE catalog_state SET stock_seq = stock_seq + 1 WHERE id = 1 RETURNING stock_seq INTO s;
    PERFORM set_config('butiku.stock_seq', s::text, true);
  END IF;
  INSERT INTO catalog_stock_moves (product_id, seq) VALUES (NEW.product_id, s)
    ON CONFLICT (product_id) DO UPDATE SET seq = EXCLUDED.seq;
  RETURN NULL;
END $$`;

const pgVersionTrigger = (events: string) =>
  `CREATE CONSTRAINT TRIGGER catalog_version_product_variants AFTER ${events} ON product_variants DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump()`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE catalog_state ADD COLUMN stock_seq INTEGER NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE TABLE catalog_stock_moves (product_id INTEGER PRIMARY KEY, seq INTEGER NOT NULL)`.execute(db);
  await sql`CREATE INDEX catalog_stock_moves_seq ON catalog_stock_moves (seq)`.execute(db);
  if (!isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS catalog_version_product_variants_update`.execute(db);
    await sql.raw(SQLITE_VERSION_TRIGGER).execute(db);
    await sql.raw(SQLITE_STOCK_TRIGGER).execute(db);
    return;
  }
  await sql`DROP TRIGGER IF EXISTS catalog_version_product_variants ON product_variants`.execute(db);
  await sql.raw(pgVersionTrigger(`INSERT OR DELETE OR UPDATE OF ${VERSIONED}`)).execute(db);
  await sql.raw(PG_STOCK_FUNCTION).execute(db);
  await sql
    .raw(
      `CREATE CONSTRAINT TRIGGER catalog_stock_move AFTER UPDATE OF stock_quantity ON product_variants DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.stock_quantity IS DISTINCT FROM NEW.stock_quantity) EXECUTE FUNCTION catalog_stock_move()`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS catalog_stock_move`.execute(db);
    await sql`DROP TRIGGER IF EXISTS catalog_version_product_variants_update`.execute(db);
    await sql`CREATE TRIGGER catalog_version_product_variants_update AFTER UPDATE ON product_variants BEGIN UPDATE catalog_state SET version = version + 1 WHERE id = 1; END`.execute(
      db,
    );
  } else {
    await sql`DROP TRIGGER IF EXISTS catalog_stock_move ON product_variants`.execute(db);
    await sql`DROP FUNCTION IF EXISTS catalog_stock_move()`.execute(db);
    await sql`DROP TRIGGER IF EXISTS catalog_version_product_variants ON product_variants`.execute(db);
    await sql.raw(pgVersionTrigger('INSERT OR UPDATE OR DELETE')).execute(db);
  }
  await sql`DROP TABLE IF EXISTS catalog_stock_moves`.execute(db);
  await sql`ALTER TABLE catalog_state DROP COLUMN stock_seq`.execute(db);
}
