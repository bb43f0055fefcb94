// The one place where SQLite and PostgreSQL differ (decision 140): ids, "now" as ISO text, case-insensitive
// matching and its unique indexes, scalar min, id counters, the catalogue-version triggers and the planner's
// statistics. Migrations and *.queries.ts call these helpers instead of writing engine-specific SQL themselves.
import {
  type ColumnDefinitionBuilder,
  type Expression,
  type Kysely,
  PostgresAdapter,
  type RawBuilder,
  sql,
} from 'kysely';

type AnyDb = Kysely<any>;

export type Engine = 'sqlite' | 'postgres';

export function engineOf(db: AnyDb): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export const isPostgres = (db: AnyDb): boolean => engineOf(db) === 'postgres';

/** The current UTC time as ISO text with milliseconds (2026-11-22T22:10:00.123Z), the shape every date column holds. */
export function nowIso(db: AnyDb): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`(to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
}

/** Column modifier of an auto-numbered integer primary key (SQLite AUTOINCREMENT, PostgreSQL identity by default). */
export function autoId(db: AnyDb): (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return isPostgres(db) ? (c) => c.primaryKey().generatedByDefaultAsIdentity() : (c) => c.primaryKey().autoIncrement();
}

/** A unique index that ignores case: COLLATE NOCASE on SQLite, an index on lower(column) on PostgreSQL. */
export async function createCaseInsensitiveUniqueIndex(
  db: AnyDb,
  name: string,
  table: string,
  column: string,
): Promise<void> {
  const expr = isPostgres(db) ? `lower(${column})` : `${column} COLLATE NOCASE`;
  await sql.raw(`CREATE UNIQUE INDEX ${name} ON ${table} (${expr})`).execute(db);
}

/** `column = value`, ignoring case, written so that the index above serves it on either engine. */
export function equalsIgnoringCase(db: AnyDb, column: string, value: string): RawBuilder<boolean> {
  return isPostgres(db)
    ? sql<boolean>`lower(${sql.ref(column)}) = lower(${value})`
    : sql<boolean>`${sql.ref(column)} = ${value} COLLATE NOCASE`;
}

/** `a = b` ignoring case for two expressions (e.g. two columns), as 0/1 on SQLite and a boolean on PostgreSQL. */
export function sameIgnoringCase(db: AnyDb, a: Expression<unknown>, b: Expression<unknown>): RawBuilder<boolean> {
  return isPostgres(db) ? sql<boolean>`lower(${a}) = lower(${b})` : sql<boolean>`${a} = ${b} COLLATE NOCASE`;
}

/** The smaller of two numbers (SQLite's two-argument min(), PostgreSQL's least()). */
export function smallerOf(
  db: AnyDb,
  a: Expression<number> | RawBuilder<number>,
  b: number | Expression<number>,
): RawBuilder<number> {
  return isPostgres(db) ? sql<number>`least(${a}, ${b})` : sql<number>`min(${a}, ${b})`;
}

/** The larger of two numbers (SQLite's two-argument max(), PostgreSQL's greatest()). */
export function largerOf(
  db: AnyDb,
  a: Expression<number> | RawBuilder<number>,
  b: number | Expression<number>,
): RawBuilder<number> {
  return isPostgres(db) ? sql<number>`greatest(${a}, ${b})` : sql<number>`max(${a}, ${b})`;
}

/** A condition as 1 or 0 (SQLite's comparisons already are; PostgreSQL's booleans are cast), so it can be summed or sorted alike. */
export function asInt(cond: Expression<unknown> | RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(CASE WHEN ${cond} THEN 1 ELSE 0 END)`;
}

/**
 * Restarts the id counters of `tables` after their rows changed outside the counters (explicit ids, a wipe):
 * each next id becomes max(id) + 1, or 1 when the table is empty. SQLite: sqlite_sequence; PostgreSQL: the
 * identity sequences.
 */
export async function resetIdCounters(db: AnyDb, tables: readonly string[]): Promise<void> {
  if (!isPostgres(db)) {
    // sqlite_sequence exists only once an AUTOINCREMENT table has been written to.
    const has = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_sequence'`.execute(db);
    if (!Number(has.rows[0]?.n)) return;
    for (const table of tables) {
      const id = await identityColumn(db, table);
      if (!id) continue;
      await sql`DELETE FROM sqlite_sequence WHERE name = ${table}`.execute(db);
      await sql`INSERT INTO sqlite_sequence (name, seq) SELECT ${table}, max(${sql.ref(id)}) FROM ${sql.table(table)} HAVING max(${sql.ref(id)}) IS NOT NULL`.execute(
        db,
      );
    }
    return;
  }
  for (const table of tables) {
    const id = await identityColumn(db, table);
    if (!id) continue;
    await sql`SELECT setval(pg_get_serial_sequence(${table}, ${id}), coalesce((SELECT max(${sql.ref(id)}) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/** The auto-numbered id column of a table, or null when it has none. */
async function identityColumn(db: AnyDb, table: string): Promise<string | null> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table} AND is_identity = 'YES'`.execute(db);
    return rows[0]?.column_name ?? null;
  }
  const { rows } = await sql<{
    sql: string | null;
  }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ${table}`.execute(db);
  const m = /"?(\w+)"?\s+integer\s+primary\s+key\s+autoincrement/i.exec(rows[0]?.sql ?? '');
  return m ? m[1]! : null;
}

// ---- The catalogue version (migrations/0010, decision 010) ------------------------------------------------

/**
 * Triggers that bump catalog_state.version on every write to `tables`. SQLite: one row trigger per table and
 * operation (its writes are serialised anyway). PostgreSQL: a deferred constraint trigger that bumps once per
 * transaction, at commit, so the row lock on catalog_state is held only for the commit itself and two
 * transactions touching different catalogue rows cannot deadlock on it.
 */
export async function createCatalogVersionTriggers(db: AnyDb, tables: readonly string[]): Promise<void> {
  if (!isPostgres(db)) {
    for (const table of tables) {
      for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
        await sql
          .raw(
            `CREATE TRIGGER catalog_version_${table}_${op.toLowerCase()} AFTER ${op} ON ${table} BEGIN UPDATE catalog_state SET version = version + 1 WHERE id = 1; END`,
          )
          .execute(db);
      }
    }
    return;
  }
  await sql
    .raw(
      `CREATE FUNCTION catalog_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('butiku.catalog_bumped', true), '') <> '1' THEN
    UPDATE catalog_state SET version = version + 1 WHERE id = 1;
    PERFORM set_config('butiku.catalog_bumped', '1', true);
  END IF;
  RETURN NULL;
END $$`,
    )
    .execute(db);
  for (const table of tables) {
    await sql
      .raw(
        `CREATE CONSTRAINT TRIGGER catalog_version_${table} AFTER INSERT OR UPDATE OR DELETE ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump()`,
      )
      .execute(db);
  }
}

export async function dropCatalogVersionTriggers(db: AnyDb, tables: readonly string[]): Promise<void> {
  if (!isPostgres(db)) {
    for (const table of tables) {
      for (const op of ['insert', 'update', 'delete'])
        await sql.raw(`DROP TRIGGER IF EXISTS catalog_version_${table}_${op}`).execute(db);
    }
    return;
  }
  for (const table of tables) await sql.raw(`DROP TRIGGER IF EXISTS catalog_version_${table} ON ${table}`).execute(db);
  await sql`DROP FUNCTION IF EXISTS catalog_version_bump()`.execute(db);
}

/**
 * A column compared as a plain filter, never through an index (SQLite's unary `+`; PostgreSQL's planner weighs its
 * statistics and needs no hint): for a walk along the primary key that an index on the column would turn into a
 * sort of every matching row per batch (decision 241).
 */
export function notIndexed(db: AnyDb, column: string): RawBuilder<unknown> {
  return isPostgres(db) ? sql`${sql.ref(column)}` : sql`+${sql.ref(column)}`;
}

/**
 * One of `columns` contains `word`, ignoring ASCII case (a staff list's search, decision 134): the columns are joined
 * with spaces (a word never holds one, so it cannot match across two fields) and matched once with
 * lower(...) LIKE '%word%' and an explicit escape character, so % and _ typed by the user match themselves. One
 * LIKE per row instead of one per column: a search scans every row, so this is most of its cost. Same SQL on both
 * engines.
 */
export function containsIgnoringCase(columns: readonly string[], word: string): RawBuilder<boolean> {
  const pattern = `%${word.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const joined = sql.join(
    columns.map((c) => sql`coalesce(${sql.ref(c)}, '')`),
    sql` || ' ' || `,
  );
  return sql<boolean>`lower(${joined}) like ${pattern} escape '\\'`;
}

// ---- The planner's statistics (decision 241) ---------------------------------------------------------------

/**
 * Rows SQLite's ANALYZE reads per index while PRAGMA optimize refreshes statistics: approximate figures, but each
 * refresh stays a few milliseconds however large the tables grow (the driver is synchronous: it holds every request).
 */
export const SQLITE_ANALYSIS_LIMIT = 1000;

/**
 * Keeps the query planner's statistics fresh, at start, after bulk changes and every few hours. SQLite: PRAGMA
 * optimize over every table (0x10002: not only those this connection has used), which analyses tables never
 * analysed or grown many times over since, each within the analysis limit. PostgreSQL: nothing, autovacuum
 * analyses changed tables on its own.
 */
export async function keepStatistics(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql.raw(`PRAGMA analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(db);
  await sql.raw('PRAGMA optimize = 0x10002').execute(db);
  await pinSearchShadowStatistics(db);
}

/** FTS5's shadow tables that are plain rowid tables: their statistics are a row count only. */
const FTS5_ROWID_SHADOWS = ['data', 'docsize', 'content'];

/** The row count the planner assumes for a table it has no statistics for (SQLite's default, 2^20). */
const SQLITE_DEFAULT_ROWS = '1048576';

/**
 * The row counts of the FTS5 indexes' shadow tables pinned to SQLite's default (decision 270). PRAGMA optimize analyses them like any table; analysed
 * while an index was empty (the buyers' index before its first rebuild: 2 rows) and not again until it grows tenfold,
 * the figure made every FTS5 merge step of the rebuild take 7-16 s instead of 40 ms, holding the event loop. FTS5
 * reads them only through its own statements, by rowid; the default figure is what it was tuned for.
 */
async function pinSearchShadowStatistics(db: AnyDb): Promise<void> {
  const { rows: stat } = await sql<{ n: number }>`
    SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table' AND name = 'sqlite_stat1'`.execute(db);
  if (!Number(stat[0]?.n)) return;
  const { rows } = await sql<{ name: string }>`
    SELECT s.name FROM sqlite_schema v JOIN sqlite_schema s ON s.type = 'table' AND s.name IN (${sql.join(
      FTS5_ROWID_SHADOWS.map((suffix) => sql`v.name || ${'_' + suffix}`),
    )})
    WHERE v.type = 'table' AND lower(v.sql) LIKE 'create virtual table%using fts5%'`.execute(db);
  if (rows.length === 0) return;
  const names = rows.map((r) => r.name);
  const { rows: wrong } = await sql<{ n: number }>`
    SELECT count(*) AS n FROM sqlite_stat1 WHERE tbl IN (${sql.join(names)}) AND stat <> ${SQLITE_DEFAULT_ROWS}`.execute(
    db,
  );
  if (!Number(wrong[0]?.n)) return;
  await sql`DELETE FROM sqlite_stat1 WHERE tbl IN (${sql.join(names)})`.execute(db);
  for (const name of names)
    await sql`INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (${name}, NULL, ${SQLITE_DEFAULT_ROWS})`.execute(db);
  await sql.raw('ANALYZE sqlite_schema').execute(db); // the connection reads the figures again
}

/**
 * Statistics for a database just filled in bulk (db:copy): PostgreSQL's ANALYZE of every table, since autovacuum
 * would take its time to notice the new rows; SQLite as keepStatistics.
 */
export async function statisticsAfterBulkLoad(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await sql`ANALYZE`.execute(db);
  else await keepStatistics(db);
}

/**
 * keepStatistics after a committed bulk write (the products CSV import, a bulk edit): the write is done whatever
 * happens here, so a failure (a busy database, say) is left for the next upkeep round rather than reported as the
 * write's.
 */
export async function keepStatisticsAfterWrite(db: AnyDb): Promise<void> {
  await keepStatistics(db).catch(() => undefined);
}
