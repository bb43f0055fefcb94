// /healthz, /readyz and the request log, through a real HTTP server on a fresh migrated database.
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { AppDeps } from '../deps';
import { createLogger } from '../log';
import { startServer } from '../testing/app';
import { createTestDeps, TEST_ENGINE } from '../testing/db';
import { createUser } from '../testing/auth';
import { createTestApp } from '../testing/app';
import { loggablePath } from './request-log';

const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
    done();
  },
});

let deps: AppDeps;
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  deps = await createTestDeps();
  const logger = createLogger('debug', sink);
  deps = { ...deps, logger };
  server = await startServer(createApp(deps), deps);
});
afterAll(async () => {
  await server.close();
  await deps.db.destroy();
});

/** Waits for the log line of a request id (lines are written when the answer has left). */
async function lineOf(reqId: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 100; i++) {
    const found = lines.find((l) => l.reqId === reqId && l.status !== undefined);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no log line for ${reqId}`);
}

describe('/healthz and /readyz', () => {
  it('/healthz answers 200 without touching the database', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz answers 200 when the database answers, migrations are applied and uploads are writable', async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, migrations: { ok: true }, uploads: { ok: true } },
    });
  });

  it('/readyz answers 503 with the reason when the uploads folder is missing or a migration is not applied', async () => {
    const t = await createTestApp();
    try {
      fs.rmSync(t.config.uploadsDir, { recursive: true, force: true });
      let res = await t.request('/readyz');
      expect(res.status).toBe(503);
      let body = (await res.json()) as { status: string; checks: Record<string, { ok: boolean; reason?: string }> };
      expect(body.status).toBe('unavailable');
      expect(body.checks.uploads).toMatchObject({ ok: false, reason: expect.stringContaining('ENOENT') });
      expect(body.checks.database).toEqual({ ok: true });

      fs.mkdirSync(t.config.uploadsDir);
      await sql`delete from kysely_migration where name = ${'0120_rate_limit_counters'}`.execute(t.db);
      res = await t.request('/readyz');
      expect(res.status).toBe(503);
      body = (await res.json()) as typeof body;
      expect(body.checks.migrations).toEqual({ ok: false, reason: 'not applied: 0120_rate_limit_counters' });

      await t.db.destroy();
      res = await t.request('/readyz');
      expect(res.status).toBe(503);
      body = (await res.json()) as typeof body;
      expect(body.checks.database?.ok).toBe(false);
      expect(body.checks.migrations).toEqual({ ok: false, reason: 'database unreachable' });
    } finally {
      await t.db.destroy().catch(() => {});
    }
  });

  it('is never rate limited: 300 probes in a row all answer', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) {
      statuses.add((await fetch(`${server.url}/healthz`)).status);
      statuses.add((await fetch(`${server.url}/readyz`)).status);
    }
    expect([...statuses]).toEqual([200]);
  });
});

describe('request log', () => {
  it('writes one JSON line per request with method, path, status, duration, bytes and the request id it echoes', async () => {
    const res = await fetch(`${server.url}/api/Product/filters?mainCategoryID=1&page=1&pageSize=24`, {
      headers: { 'X-Request-Id': 'proxy-id-12345' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('proxy-id-12345');
    const body = await res.arrayBuffer();
    const line = await lineOf('proxy-id-12345');
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      path: '/api/Product/filters?mainCategoryID=1&page=1&pageSize=24',
      status: 200,
    });
    expect(typeof line.time).toBe('string');
    expect(line.ms).toEqual(expect.any(Number));
    expect(line.bytes as number).toBeGreaterThan(body.byteLength); // body and headers as sent
    expect(lines.filter((l) => l.reqId === 'proxy-id-12345')).toHaveLength(1);
  });

  it('generates a request id when none (or an odd one) is given', async () => {
    const a = await fetch(`${server.url}/api/nothing`);
    const b = await fetch(`${server.url}/api/nothing`, { headers: { 'X-Request-Id': 'bad id with spaces' } });
    const [ida, idb] = [a.headers.get('x-request-id')!, b.headers.get('x-request-id')!];
    expect(ida).toMatch(/^[0-9a-f-]{36}$/);
    expect(idb).toMatch(/^[0-9a-f-]{36}$/);
    expect(ida).not.toBe(idb);
    expect(await lineOf(ida)).toMatchObject({ status: 404, path: '/api/nothing' });
  });

  it('never logs tokens, passwords, cookies, bodies or free-text query values', async () => {
    const secret = 'Sekret-Fjalekalim-2026';
    const customer = await createUser(deps, { password: secret });
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Request-Id': 'login-request-1' },
      body: JSON.stringify({ email: customer.email, password: secret }),
    });
    await login.arrayBuffer();
    const search = await fetch(`${server.url}/api/Product/filters?search=arta.krasniqi%40example.com&page=2`, {
      headers: {
        authorization: `Bearer ${customer.token}`,
        cookie: 'refresh=abc.def.ghi',
        'X-Request-Id': 'search-request-1',
      },
    });
    await search.arrayBuffer();
    const trpc = await fetch(
      `${server.url}/api/trpc/catalog.filter?input=${encodeURIComponent(JSON.stringify({ q: 'Arta Krasniqi' }))}`,
      {
        headers: { 'X-Request-Id': 'trpc-request-1' },
      },
    );
    await trpc.arrayBuffer();
    const [l1, l2, l3] = [
      await lineOf('login-request-1'),
      await lineOf('search-request-1'),
      await lineOf('trpc-request-1'),
    ];
    expect(l2.path).toBe('/api/Product/filters?search=~&page=2');
    expect(l3.path).toBe('/api/trpc/catalog.filter?input=~');
    const all = JSON.stringify([l1, l2, l3, ...lines]);
    for (const leak of [secret, customer.email, customer.token, 'abc.def.ghi', 'arta.krasniqi', 'Krasniqi', 'Bearer'])
      expect(all).not.toContain(leak);
  });

  it('logs an unexpected error with the same request id and a stack trace, and answers 500 without details', async () => {
    // A database that lost a table: the first unexpected error a real shop could meet.
    const broken = { ...(await createTestDeps()), logger: deps.logger };
    await sql`drop table sizes ${sql.raw(TEST_ENGINE === 'postgres' ? 'cascade' : '')}`.execute(broken.db);
    const local = await startServer(createApp(broken), broken);
    try {
      const res = await fetch(`${local.url}/api/Size`, { headers: { 'X-Request-Id': 'boom-request-1' } });
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain('sizes');
      const error = lines.find((l) => l.reqId === 'boom-request-1' && l.level === 50);
      expect(error?.err).toContain(
        TEST_ENGINE === 'postgres' ? 'relation "sizes" does not exist' : 'no such table: sizes',
      );
      expect(error?.err).toMatch(/\n\s+at /);
      expect(await lineOf('boom-request-1')).toMatchObject({ status: 500, level: 30 });
    } finally {
      await local.close();
      await broken.db.destroy();
    }
  });

  it('logs health probes at debug level only, so LOG_LEVEL=info leaves them out', async () => {
    const res = await fetch(`${server.url}/healthz`, { headers: { 'X-Request-Id': 'probe-request-1' } });
    await res.arrayBuffer();
    expect((await lineOf('probe-request-1')).level).toBe(20);
  });
});

describe('loggablePath', () => {
  it('keeps the path and numbers, and hides other query values', () => {
    expect(loggablePath('http://x/api/Product/5')).toBe('/api/Product/5');
    expect(loggablePath('http://x/api/Product/filters?categoryIds=1,2,3&minPrice=9.5&sort=price&name=Arta')).toBe(
      '/api/Product/filters?categoryIds=1,2,3&minPrice=9.5&sort=price&name=~',
    );
    expect(loggablePath('http://x/reset?token=eyJhbGciOi.x.y')).toBe('/reset?token=~');
  });
});
