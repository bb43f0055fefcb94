// `npm run db:copy -- --from data/shop.db --to postgres://…` (decision 140): copies a SQLite shop into an empty
// PostgreSQL database, every table in foreign-key order, resets the id sequences, analyses the copy, then verifies
// row counts and a checksum of the orders (computed the same way on both sides). Every table is read in batches by
// key (rowid > last), never by OFFSET, and only one batch is held at a time (decision 241). The order rollups
// (decision 244) are not copied: the target's triggers keep them while the orders arrive, and they are rebuilt from
// the copied orders at the end.
import crypto from 'node:crypto';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, type RawBuilder, SqliteDialect, sql } from 'kysely';
import type { DB } from './client';
import { resetIdCounters, statisticsAfterBulkLoad } from './dialect';
import { pendingMigrations } from './migrate';
import { BUYER_QUEUE_TABLE, ORDER_ROLLUP_TABLES, rebuildOrderRollups } from '../modules/orders';

type AnyDb = Kysely<any>;

export class CopyRefused extends Error {}

export interface CopyResult {
  tables: Array<{ table: string; rows: number }>;
  ordersChecksum: string;
  ms: number;
}

/** Tables whose rows make a database "not empty". */
const SHOP_DATA = ['users', 'products', 'orders', 'categories', 'countries'];
const BATCH = 500;

/**
 * The source's tables, parents before children (SQLite's own foreign-key list). Ordinary tables only: the FTS5
 * search tables and their shadow tables (decision 243) are SQLite's own; the target's search indexes fill as rows
 * arrive.
 */
async function tablesInDependencyOrder(src: AnyDb): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name`.execute(
    src,
  );
  const parents = new Map<string, Set<string>>();
  for (const { name } of rows) {
    const fks = await sql<{ table: string }>`SELECT "table" FROM pragma_foreign_key_list(${name})`.execute(src);
    parents.set(name, new Set(fks.rows.map((f) => f.table).filter((t) => t !== name)));
  }
  const ordered: string[] = [];
  const visit = (t: string, path: Set<string>) => {
    if (ordered.includes(t) || path.has(t)) return;
    path.add(t);
    for (const p of parents.get(t) ?? []) visit(p, path);
    ordered.push(t);
  };
  for (const { name } of rows) visit(name, new Set());
  return ordered;
}

async function countRows(db: AnyDb, table: string): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** The column a batch carries its SQLite rowid in (removed before the rows are written). */
const KEY = '__copy_rowid';

/**
 * The rows of a SQLite table in rowid order, `batch` at a time: each batch is read by key (`rowid > last ORDER BY
 * rowid LIMIT n`, a seek on the table's b-tree), so the cost per batch stays flat however far into the table it is,
 * where OFFSET would skip every earlier row again.
 */
export async function* sqliteRowsByKey(
  src: AnyDb,
  table: string,
  batch: number = BATCH,
): AsyncGenerator<Array<Record<string, unknown>>> {
  let last: number | null = null;
  for (;;) {
    const after: RawBuilder<unknown> = last === null ? sql`` : sql`WHERE rowid > ${last}`;
    const { rows }: { rows: Array<Record<string, unknown>> } = await sql<
      Record<string, unknown>
    >`SELECT rowid AS ${sql.ref(KEY)}, * FROM ${sql.table(table)} ${after} ORDER BY rowid LIMIT ${batch}`.execute(src);
    if (!rows.length) return;
    last = Number(rows[rows.length - 1]![KEY]);
    yield rows.map(({ [KEY]: _key, ...row }) => row);
    if (rows.length < batch) return;
  }
}

/** The rows of a table in `id` order, `batch` at a time, by key, on either engine (the orders checksum). */
async function* rowsById(db: AnyDb, table: string, id: string, batch: number) {
  let last: number | null = null;
  for (;;) {
    const after: RawBuilder<unknown> = last === null ? sql`` : sql`WHERE ${sql.ref(id)} > ${last}`;
    const { rows }: { rows: Array<Record<string, unknown>> } = await sql<
      Record<string, unknown>
    >`SELECT * FROM ${sql.table(table)} ${after} ORDER BY ${sql.ref(id)} LIMIT ${batch}`.execute(db);
    if (!rows.length) return;
    last = Number(rows[rows.length - 1]![id]);
    yield rows;
    if (rows.length < batch) return;
  }
}

/**
 * SHA-256 of every order and order line, in id order, as JSON with sorted keys: identical data, identical sum. Read
 * in batches by id, so a shop with a million orders is summed without holding them.
 */
export async function ordersChecksum(db: AnyDb): Promise<string> {
  const hash = crypto.createHash('sha256');
  for (const [table, id] of [
    ['orders', 'order_id'],
    ['order_details', 'order_details_id'],
  ] as const) {
    for await (const rows of rowsById(db, table, id, 2000))
      for (const row of rows)
        hash.update(
          JSON.stringify(
            Object.keys(row)
              .sort()
              .map((k) => [k, row[k]]),
          ),
        );
  }
  return hash.digest('hex');
}

async function checkSource(src: AnyDb): Promise<void> {
  const pending = await pendingMigrations(src as DB).catch(() => null);
  if (pending === null) throw new CopyRefused('the source is not a Butiku database (no migration table)');
  if (pending.length)
    throw new CopyRefused(
      `the source misses migrations ${pending.join(', ')}: run \`npm run db:migrate\` on it first (with DATABASE_PATH)`,
    );
}

async function checkTargetEmpty(dst: AnyDb): Promise<void> {
  for (const table of SHOP_DATA) {
    const n = await countRows(dst, table);
    if (n > 0)
      throw new CopyRefused(`the target database is not empty (${table}: ${n} rows); copy only into a new database`);
  }
}

/** Copies `from` (a SQLite file) into `to` (a migrated, empty PostgreSQL database). */
export async function copySqliteTo(fromPath: string, to: DB): Promise<CopyResult> {
  const started = Date.now();
  if (!fs.existsSync(fromPath)) throw new CopyRefused(`${fromPath} does not exist`);
  const src: AnyDb = new Kysely({
    dialect: new SqliteDialect({ database: new SQLite(fromPath, { readonly: true, fileMustExist: true }) }),
  });
  try {
    await checkSource(src);
    await checkTargetEmpty(to);
    // One read transaction on the source: every batch, count and checksum sees the same snapshot.
    await sql`BEGIN`.execute(src);
    // The buyers and their keys are copied with the orders' buyer ids (the orders checksum holds them); the buyers'
    // queue is not: the target's triggers queue every copied order, settled (or rebuilt) at its first start.
    const derived: readonly string[] = [...ORDER_ROLLUP_TABLES, BUYER_QUEUE_TABLE];
    const tables = (await tablesInDependencyOrder(src)).filter((t) => !derived.includes(t));
    await to.transaction().execute(async (trx) => {
      // What the target holds besides shop data (rows the migrations insert, a generated secret, rate-limit
      // counters) gives way to the source's.
      for (const table of [...tables].reverse()) await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
      for (const table of tables) {
        for await (const rows of sqliteRowsByKey(src, table))
          await (trx as AnyDb).insertInto(table).values(rows).execute();
      }
      await resetIdCounters(trx, tables);
      await rebuildOrderRollups(trx);
    });
    // The copy's planner statistics now, not whenever autovacuum gets to the new rows.
    await statisticsAfterBulkLoad(to);
    const counted: CopyResult['tables'] = [];
    for (const table of tables) {
      const [a, b] = [await countRows(src, table), await countRows(to, table)];
      if (a !== b)
        throw new Error(`row counts differ after the copy: ${table} has ${a} rows in the source, ${b} in the target`);
      counted.push({ table, rows: a });
    }
    const [sumA, sumB] = [await ordersChecksum(src), await ordersChecksum(to)];
    if (sumA !== sumB) throw new Error(`the orders checksum differs after the copy (source ${sumA}, target ${sumB})`);
    return { tables: counted, ordersChecksum: sumA, ms: Date.now() - started };
  } finally {
    await src.destroy();
  }
}
