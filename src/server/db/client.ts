// Opens the shop's database: SQLite (DATABASE_PATH, the default) with the pragmas the shop relies on (WAL,
// foreign keys, busy timeout), or PostgreSQL (DATABASE_URL) through a `pg` pool (decision 140).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import type PgDriver from 'pg';
import type { Database } from './schema';

export type DB = Kysely<Database>;

// `pg` is loaded on first use, so a SQLite shop never pays for loading it at start-up.
let pgDriver: typeof PgDriver | undefined;
const pg = () => (pgDriver ??= createRequire(import.meta.url)('pg') as typeof PgDriver);

/** The file behind each SQLite Kysely instance, so heavy reads can open their own connection (workers/read-pool.ts). */
const sqliteFiles = new WeakMap<DB, string>();

/** What a restarted WAL file is cut back to (64 MiB: a few seconds of bulk writes). */
const WAL_KEEP_BYTES = 64 * 1024 * 1024;

/** Bytes the prepared statements of one connection may hold (an estimate per statement: its SQL and its plan). */
const STATEMENT_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * better-sqlite3 with its prepared statements kept for the next query of the same SQL (Kysely prepares every query
 * anew: about 0.5 ms of an uncached product page's ~12 at 10 000 products, issue 38). Least recently used first out
 * past STATEMENT_CACHE_BYTES; a statement still being iterated (a streamed read) is not handed out twice: the
 * second asker gets a fresh one.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const kept = new LRUCache<string, SQLite.Statement>({
    maxSize: STATEMENT_CACHE_BYTES,
    sizeCalculation: (_stmt, sqlText) => 2048 + 2 * sqlText.length,
  });
  return {
    close: () => sqlite.close(),
    prepare(sqlText) {
      const hit = kept.get(sqlText);
      if (hit && !hit.busy) return hit;
      const stmt = sqlite.prepare(sqlText);
      if (!hit) kept.set(sqlText, stmt);
      return stmt;
    },
  };
}

export function openDatabase(filePath: string): DB {
  if (filePath !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true });
  const sqlite = new SQLite(filePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // The WAL file keeps its largest size unless told otherwise: after a bulk write it stayed at 1.9 GB beside a 650 MB
  // database (issue 38). A checkpoint that restarts the WAL now cuts the file back to this size.
  sqlite.pragma(`journal_size_limit = ${WAL_KEEP_BYTES}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  if (filePath !== ':memory:' && filePath !== '') sqliteFiles.set(db, path.resolve(filePath));
  return db;
}

/** The SQLite file `db` was opened on (absolute), or null for PostgreSQL and in-memory databases. */
export const sqliteFileOf = (db: DB): string | null => sqliteFiles.get(db) ?? null;

/**
 * A read-only connection to a SQLite file another connection writes in WAL mode (a worker thread's, for heavy
 * reads): it sees the last committed state when each read starts and never blocks the writer.
 */
export function openReadOnlyDatabase(filePath: string): DB {
  const sqlite = new SQLite(filePath, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

// COUNT(*) and SUM(integer) are bigint (int8) and SUM(bigint)/AVG are numeric on PostgreSQL, which `pg` hands over
// as strings; the shop's counts and cents fit a JS number (as they do on SQLite), so both arrive as numbers.
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => (v === null ? null : Number(v));
    return pg().types.getTypeParser(oid, format);
  },
};

export interface PostgresOptions {
  /** Connections in this process's pool (DATABASE_POOL_SIZE; config.ts defaultPoolSize when unset). */
  poolSize?: number;
  /** Select texts given a statement name (namedSelects); tests set a small bound. */
  namedStatements?: number;
}

/** Select texts that get a name: the first ones the process runs (the storefront's reads come first and most often). */
const NAMED_STATEMENTS = 300;
const SELECT = /^\s*select\b/i;
/** PostgreSQL's refusal to run a prepared statement whose result columns changed under it (a migration). */
const PLAN_CHANGED = '0A000';

/**
 * Names every connection's select statements, so that each connection parses a select once and PostgreSQL keeps its
 * plan (node-postgres prepares a named statement once per connection; Kysely sends every query unnamed). Unnamed, a
 * product page's twenty selects were each parsed and planned again: 1-4 ms each on a busy 2-core machine, and the
 * distinct-page mix served 152-195 pages/s against 225-234 named (issue 38). At most `bound` texts get a name, so a
 * connection holds a bounded number of prepared statements; the rest run unnamed, as does a text whose columns
 * changed under its prepared statement (a migration while the process runs), retried once without its name.
 */
function namedSelects(pool: PgDriver.Pool, bound: number): void {
  const names = new Map<string, string>();
  const refused = new Set<string>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    const named = async (name: string, text: string, values: unknown[]) => {
      try {
        return await query({ name, text, values });
      } catch (err) {
        if ((err as { code?: string }).code !== PLAN_CHANGED) throw err;
        refused.add(text);
        return query(text, values);
      }
    };
    client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
      if (
        typeof text === 'string' &&
        Array.isArray(values) &&
        !rest.length &&
        SELECT.test(text) &&
        !refused.has(text)
      ) {
        let name = names.get(text);
        if (!name && names.size < bound) names.set(text, (name = `butiku_${names.size}`));
        if (name) return named(name, text, values);
      }
      return query(text, values, ...rest);
    }) as typeof client.query;
  });
}

/** The pool behind each PostgreSQL Kysely instance, for its use figures (/metrics, decision 224). */
const pools = new WeakMap<DB, PgDriver.Pool>();

/** How the PostgreSQL pool of `db` is used now (connections open, idle, callers waiting, the bound); null on SQLite. */
export function poolUse(db: DB): { total: number; idle: number; waiting: number; max: number } | null {
  const pool = pools.get(db);
  if (!pool) return null;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

/** A Kysely instance on a PostgreSQL pool; nothing is connected until the first query. */
export function openPostgres(url: string, opts: PostgresOptions = {}): DB {
  const pool = new (pg().Pool)({
    connectionString: url,
    max: opts.poolSize ?? 10,
    types,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its server (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  namedSelects(pool, opts.namedStatements ?? NAMED_STATEMENTS);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/** A PostgreSQL URL with its password replaced, for logs and error messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable database URL)';
  }
}

export interface DatabaseTarget {
  databasePath: string;
  databaseUrl?: string;
  databasePoolSize?: number;
  /** How long start-up keeps trying to reach PostgreSQL before giving up (DATABASE_CONNECT_SECONDS, default 30). */
  databaseConnectSeconds?: number;
}

/** Where the shop's data lives, for log lines: the SQLite file or the redacted PostgreSQL URL. */
export function describeDatabase(t: DatabaseTarget): string {
  return t.databaseUrl ? redactUrl(t.databaseUrl) : t.databasePath;
}

export class DatabaseUnreachableError extends Error {}

/**
 * Opens the configured database. PostgreSQL is tried with a bounded retry (1 s apart, for databaseConnectSeconds)
 * so a shop starting alongside its database waits for it, and stops with a clear message when it never answers.
 */
export async function connectDatabase(t: DatabaseTarget, onRetry?: (message: string) => void): Promise<DB> {
  if (!t.databaseUrl) return openDatabase(t.databasePath);
  const db = openPostgres(t.databaseUrl, { poolSize: t.databasePoolSize });
  const deadline = Date.now() + (t.databaseConnectSeconds ?? 30) * 1000;
  let attempts = 0;
  for (;;) {
    attempts += 1;
    try {
      await sql`select 1`.execute(db);
      return db;
    } catch (err) {
      const reason = err instanceof Error ? err.message || (err as { code?: string }).code || err.name : String(err);
      // A wrong password or a missing database will not fix itself: no point waiting.
      const final = ['28P01', '28000', '3D000'].includes(String((err as { code?: string }).code));
      if (final || Date.now() + 1000 > deadline) {
        await db.destroy().catch(() => undefined);
        throw new DatabaseUnreachableError(
          `Could not reach the PostgreSQL database at ${redactUrl(t.databaseUrl)} after ${attempts} attempt(s) over ${t.databaseConnectSeconds ?? 30} s: ${reason}. ` +
            'Check DATABASE_URL (host, port, user, password, database name) and that the server accepts connections from this machine.',
        );
      }
      onRetry?.(`PostgreSQL at ${redactUrl(t.databaseUrl)} not reachable yet (${reason}); retrying in 1 s…`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
