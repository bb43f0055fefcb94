// Vitest global setup of `npm run test:pg` (vitest.pg.config.ts): migrates the template database every test
// database is copied from, and drops the test databases when the run ends.
import pg from 'pg';
import { openPostgres } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { PG_TEMPLATE, PG_TEST_PREFIX } from './db';

async function adminQuery(url: string, text: string): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

function urlOf(base: string, database: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}

async function dropTestDatabases(url: string): Promise<void> {
  const { rows } = await adminQuery(url, `SELECT datname FROM pg_database WHERE datname LIKE '${PG_TEST_PREFIX}%'`);
  for (const r of rows as Array<{ datname: string }>)
    await adminQuery(url, `DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
}

export async function setup(): Promise<() => Promise<void>> {
  const url = process.env.BUTIKU_TEST_PG_URL;
  if (!url) throw new Error('vitest.pg.config.ts needs BUTIKU_TEST_PG_URL: run `npm run test:pg`');
  await dropTestDatabases(url);
  await adminQuery(url, `DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
  await adminQuery(url, `CREATE DATABASE ${PG_TEMPLATE}`);
  const db = openPostgres(urlOf(url, PG_TEMPLATE), { poolSize: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return async () => {
    // A throw-away cluster (scripts/test-pg.mjs made it) is removed whole; dropping ~1 000 databases one by one
    // first would take a minute.
    if (process.env.BUTIKU_TEST_PG_THROWAWAY === '1') return;
    await dropTestDatabases(url);
    await adminQuery(url, `DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
  };
}
