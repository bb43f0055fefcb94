// Migration 0290 on a shop with logins already (SQLite file): every family with a live token gets its session row
// (no agent or address known, signed in at its first token), revoked families get none, and down drops both tables.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { migrations } from './index';

describe('0290 login sessions', () => {
  it('gives each live login a session row and drops the tables on the way down', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-0290-'));
    const db = openDatabase(path.join(dir, 'shop.db'));
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0270_fixed_amount_promos')).error).toBeUndefined();
    const user = await db
      .insertInto('users')
      .values({ first_name: 'Arta', last_name: 'B', email: 'a@example.com', phone_number: '', role_id: 1 } as never)
      .returning('user_id')
      .executeTakeFirstOrThrow();
    const token = (hash: string, family: string, created: string, revoked: string | null) =>
      db
        .insertInto('refresh_tokens')
        .values({
          user_id: user.user_id,
          token_hash: hash,
          family_id: family,
          expires_at: '2099-01-01T00:00:00.000Z',
          revoked_at: revoked,
          created_at: created,
        } as never)
        .execute();
    await token('h1', 'fam-live', '2026-11-01T10:00:00.000Z', '2026-11-02T10:00:00.000Z'); // rotated
    await token('h2', 'fam-live', '2026-11-02T10:00:00.000Z', null);
    await token('h3', 'fam-ended', '2026-11-03T10:00:00.000Z', '2026-11-03T11:00:00.000Z');
    expect((await migrator.migrateTo('0290_login_sessions')).error).toBeUndefined();
    const rows = await db.selectFrom('login_sessions').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        family_id: 'fam-live',
        user_id: user.user_id,
        user_agent: null,
        ip: null,
        created_at: '2026-11-01T10:00:00.000Z',
        last_seen_at: '2026-11-02T10:00:00.000Z',
      }),
    ]);
    expect((await migrator.migrateTo('0270_fixed_amount_promos')).error).toBeUndefined();
    const names = (await db.introspection.getTables()).map((t) => t.name);
    expect(names).not.toContain('login_sessions');
    expect(names).not.toContain('sign_ins');
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
