// PostgreSQL connections prepare each select once (client.ts, namedSelects; issue 38): the answers are the same, a
// connection holds at most the bound's prepared statements, and a select whose columns changed under its prepared
// statement (a migration while the process runs) still answers. Runs under `npm run test:pg`.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DB } from './client';
import { freshPostgresUrl, TEST_ENGINE } from '../testing/db';

describe.runIf(TEST_ENGINE === 'postgres')('named selects on PostgreSQL', () => {
  let db: DB;
  beforeAll(async () => {
    db = openPostgres(await freshPostgresUrl(), { poolSize: 1, namedStatements: 3 });
    await sql`CREATE TABLE named_t (a integer)`.execute(db);
    await sql`INSERT INTO named_t VALUES (1), (2), (3)`.execute(db);
  });
  afterAll(() => db.destroy());

  /** The connection's prepared statements (one connection: the pool holds one). */
  const prepared = async () =>
    (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements ORDER BY name`.execute(db)).rows.map(
      (r) => r.name,
    );

  it('answers as unnamed, prepares each text once, and names at most the bound', async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await sql<{ n: number }>`SELECT count(*)::int AS n FROM named_t WHERE a > ${i}`.execute(db)).rows,
      ).toEqual([{ n: 3 - i }]);
    // The count's text, then the catalogue's own (prepared before it runs, so it lists itself).
    expect(await prepared()).toEqual(['butiku_0', 'butiku_1']);
    const top = (order: 'ASC' | 'DESC') =>
      sql<{ a: number }>`SELECT a FROM named_t ORDER BY a ${sql.raw(order)} LIMIT 1`.execute(db);
    expect((await top('DESC')).rows).toEqual([{ a: 3 }]); // the third name: the bound
    expect((await top('ASC')).rows).toEqual([{ a: 1 }]); // past the bound: unnamed
    expect(await prepared()).toEqual(['butiku_0', 'butiku_1', 'butiku_2']);
  });

  it('answers a select whose columns changed under its prepared statement, unnamed from then on', async () => {
    const fresh = openPostgres(await freshPostgresUrl(), { poolSize: 1 });
    try {
      await sql`CREATE TABLE named_t (a integer)`.execute(fresh);
      await sql`INSERT INTO named_t VALUES (1)`.execute(fresh);
      const select = () => sql<Record<string, number>>`SELECT * FROM named_t WHERE a = ${1}`.execute(fresh);
      expect((await select()).rows).toEqual([{ a: 1 }]);
      await sql`ALTER TABLE named_t ADD COLUMN b integer DEFAULT 7`.execute(fresh);
      expect((await select()).rows).toEqual([{ a: 1, b: 7 }]);
      expect((await select()).rows).toEqual([{ a: 1, b: 7 }]);
    } finally {
      await fresh.destroy();
    }
  });
});
