// The SQLite connection keeps its prepared statements (issue 38): the same SQL is prepared once, a statement still
// being iterated is never handed out twice, and the cache stays within its bytes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, withStatementCache } from './client';

describe('the SQLite statement cache', () => {
  it('prepares a query once; a busy statement is not handed out again', () => {
    const raw = new SQLite(':memory:');
    raw.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)');
    const cached = withStatementCache(raw);
    const a = cached.prepare('SELECT n FROM t ORDER BY n');
    expect(cached.prepare('SELECT n FROM t ORDER BY n')).toBe(a);
    const rows = a.iterate([]);
    expect(rows.next().value).toEqual({ n: 1 });
    // a is iterating: the same SQL asked for now (a nested read) gets a statement of its own, which works.
    const b = cached.prepare('SELECT n FROM t ORDER BY n');
    expect(b).not.toBe(a);
    expect(b.all([])).toHaveLength(3);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
    expect(cached.prepare('SELECT n FROM t ORDER BY n')).toBe(a);
    cached.close();
  });

  it('answers the same query after a stream, ended or left midway, through Kysely', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-stmt-'));
    const db = openDatabase(path.join(dir, 'shop.db'));
    try {
      await sql`CREATE TABLE t (n INTEGER)`.execute(db);
      await sql`INSERT INTO t VALUES (1), (2), (3)`.execute(db);
      const seen: number[] = [];
      const any = db as unknown as Kysely<{ t: { n: number } }>;
      const query = () => any.selectFrom('t').select('n').orderBy('n');
      for await (const row of query().stream(1)) seen.push(row.n);
      // A stream left after its first row (its statement may still be mid-iteration), then the same query again.
      for await (const row of query().stream(1)) {
        expect(row.n).toBe(1);
        break;
      }
      expect(await query().execute()).toHaveLength(3);
      expect(seen).toEqual([1, 2, 3]);
      // Many distinct queries (an IN list of every length): the cache drops the oldest, the queries still answer.
      for (let k = 1; k <= 3000; k++) {
        const ids = Array.from({ length: k % 200 }, (_, i) => i);
        await sql`SELECT ${k} AS k WHERE 1 NOT IN (${sql.join([-1, ...ids])})`.execute(db);
      }
      expect(await query().execute()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the SQLite WAL file', () => {
  it('is cut back to 64 MiB when a checkpoint restarts it (journal_size_limit): it once stayed at 1.9 GB', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-wal-'));
    const db = openDatabase(path.join(dir, 'shop.db'));
    try {
      const { rows } = await sql<{ journal_size_limit: number }>`PRAGMA journal_size_limit`.execute(db);
      expect(rows[0]!.journal_size_limit).toBe(64 * 1024 * 1024);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
