// Migration 0220 on a shop that already holds live reset links in its outbox (SQLite file): the links are replaced
// by the placeholder, an unsent one is failed, and every open reset row is retired.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { migrations } from './index';

describe('0220 outbox secret links', () => {
  it('scrubs stored reset links and retires the reset rows they unlock', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-0220-'));
    const db = openDatabase(path.join(dir, 'shop.db'));
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0151_password_reset_tokens')).error).toBeUndefined();
    const user = await db
      .insertInto('users')
      .values({ first_name: 'A', last_name: 'B', email: 'a@b.c', phone_number: '+38344123456', role_id: 3 } as never)
      .returning('user_id')
      .executeTakeFirstOrThrow();
    const link = 'https://butiku.test/reset-password?token=AbC_dEf-1234567890abcdefghijklmnopqrstuvwxyz0';
    const row = (status: string) => ({
      kind: 'password_reset',
      recipient: 'a@b.c',
      subject: 'S',
      html: `<a href="${link}">x</a>`,
      text_body: `Hapni: ${link}\n`,
      status,
      next_attempt_at: '2026-01-01T00:00:00.000Z',
      created_at: '2026-01-01T00:00:00.000Z',
    });
    await db
      .insertInto('mail_outbox')
      .values([row('sent'), row('queued')] as never)
      .execute();
    await db
      .insertInto('password_reset_tokens')
      .values({ user_id: user.user_id, token_hash: 'h', created_at: '2026-01-01', expires_at: '2999-01-01' } as never)
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom('mail_outbox')
      .select(['html', 'text_body', 'status'])
      .orderBy('mail_id')
      .execute();
    for (const r of rows) {
      expect(r.html).toBe('<a href="{{secret_link}}">x</a>');
      expect(r.text_body).toBe('Hapni: {{secret_link}}\n');
    }
    expect(rows.map((r) => r.status)).toEqual(['sent', 'failed']);
    expect(
      (await db.selectFrom('password_reset_tokens').select('used_at').executeTakeFirstOrThrow()).used_at,
    ).not.toBeNull();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
