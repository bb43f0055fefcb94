// Choosing the engine from the environment (decision 140): DATABASE_URL validated by zod with a clear message,
// SQLite by default, and a PostgreSQL server that never answers stops start-up after a bounded retry.
import net from 'node:net';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, defaultPoolSize, loadEnv } from '../config';
import { connectDatabase, DatabaseUnreachableError, describeDatabase, redactUrl } from './client';
import { engineOf } from './dialect';

describe('DATABASE_URL', () => {
  it('is optional: without it the shop stays on the SQLite file at DATABASE_PATH', async () => {
    const config = configFromEnv(loadEnv({}), 'x'.repeat(40), '/srv/shop');
    expect(config.databaseUrl).toBeUndefined();
    expect(describeDatabase(config)).toBe('/srv/shop/data/shop.db');
    const db = await connectDatabase({ databasePath: ':memory:' });
    expect(engineOf(db)).toBe('sqlite');
    await db.destroy();
  });

  it('takes postgres:// and postgresql:// URLs and the pool size from the environment', () => {
    const config = configFromEnv(
      loadEnv({ DATABASE_URL: 'postgres://shop:s3cret@db.internal:5432/butiku', DATABASE_POOL_SIZE: '25' }),
      'x'.repeat(40),
    );
    expect(config.databaseUrl).toBe('postgres://shop:s3cret@db.internal:5432/butiku');
    expect(config.databasePoolSize).toBe(25);
    expect(describeDatabase(config)).toBe('postgres://shop:***@db.internal:5432/butiku');
    expect(loadEnv({ DATABASE_URL: 'postgresql://db/butiku' }).DATABASE_URL).toBe('postgresql://db/butiku');
    expect(loadEnv({}).DATABASE_POOL_SIZE).toBe(defaultPoolSize(os.availableParallelism()));
  });

  it('sizes the pool from the cores when DATABASE_POOL_SIZE is not set: twice the cores, from 4 to 10', () => {
    expect([1, 2, 3, 4, 5, 8, 64].map(defaultPoolSize)).toEqual([4, 4, 6, 8, 10, 10, 10]);
  });

  it('names a bad URL or pool size clearly', () => {
    for (const bad of ['mysql://u:p@h/db', 'postgres://', 'postgres://host-without-database', 'not a url']) {
      expect(() => loadEnv({ DATABASE_URL: bad })).toThrow(
        /DATABASE_URL: must be a PostgreSQL URL such as postgres:\/\/user:password@host:5432\/butiku/,
      );
    }
    expect(() => loadEnv({ DATABASE_POOL_SIZE: '0' })).toThrow(ConfigError);
    expect(() => loadEnv({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE: must be a number/);
  });

  it('never prints the password', () => {
    expect(redactUrl('postgres://shop:s3cret@db:5432/butiku')).not.toContain('s3cret');
  });
});

describe('an unreachable PostgreSQL server', () => {
  it('stops start-up after the bounded retry with a message naming the server, not the password', async () => {
    // A port that refuses connections: bound, then closed again.
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const retries: string[] = [];
    const started = Date.now();
    const attempt = connectDatabase(
      {
        databasePath: 'unused',
        databaseUrl: `postgres://shop:s3cret@127.0.0.1:${port}/butiku`,
        databaseConnectSeconds: 2,
      },
      (line) => retries.push(line),
    );
    const error = await attempt.then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    const message = (error as Error).message;
    expect(message).toContain(
      `Could not reach the PostgreSQL database at postgres://shop:***@127.0.0.1:${port}/butiku`,
    );
    expect(message).toMatch(/ECONNREFUSED/);
    expect(message).toContain('Check DATABASE_URL');
    expect(message).not.toContain('s3cret');
    expect(retries.length).toBeGreaterThanOrEqual(1);
    const ms = Date.now() - started;
    expect(ms).toBeGreaterThanOrEqual(1000);
    expect(ms).toBeLessThan(10_000);
  });
});
