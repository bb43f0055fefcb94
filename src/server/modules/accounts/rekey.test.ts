// Moving the accounts to a new server secret (decision 236), on SQLite and PostgreSQL: every TOTP secret readable
// under the old key is encrypted under the new one (pending ones too), one readable under neither is counted and left,
// one already under the new key is left as it is, and every refresh token is revoked.
import { describe, expect, it } from 'vitest';
import { deriveKeys } from '#server/keys';
import { createCustomer } from '#server/testing/auth';
import { createTestDeps } from '#server/testing/db';
import { rekeyAccounts } from './rekey';
import { decryptSecret, encryptSecret } from './totp-crypto';

const OLD = deriveKeys('the-old-secret-the-old-secret-the-old-secret');
const NEW = deriveKeys('the-new-secret-the-new-secret-the-new-secret');
const ELSE = deriveKeys('a-third-secret-a-third-secret-a-third-secret');

describe('rekeyAccounts', () => {
  it('re-encrypts what the old key opens, counts what nothing opens, and ends every session', async () => {
    const deps = await createTestDeps();
    const users = await Promise.all([1, 2, 3, 4].map(() => createCustomer(deps)));
    const secrets = users.map((_, i) => `JBSWY3DPEHPK3PX${'ABCD'[i]}`);
    const under = [OLD, OLD, ELSE, NEW];
    const now = new Date().toISOString();
    await deps.db
      .insertInto('user_totp')
      .values(
        users.map((u, i) => ({
          user_id: u.userId,
          secret_enc: encryptSecret(under[i]!.totp, u.userId, secrets[i]!),
          created_at: now,
          confirmed_at: i === 1 ? null : now, // the second one is a setup still pending
        })),
      )
      .execute();
    const before = await deps.db.selectFrom('user_totp').select(['user_id', 'secret_enc']).orderBy('user_id').execute();

    const r = await deps.db.transaction().execute((trx) => rekeyAccounts(trx, OLD.totp, NEW.totp, now));
    expect(r).toEqual({ secondFactors: 2, unreadable: 1, tokensRevoked: 4 });

    const after = await deps.db.selectFrom('user_totp').select(['user_id', 'secret_enc']).orderBy('user_id').execute();
    users.forEach((u, i) => {
      const row = after.find((a) => a.user_id === u.userId)!;
      if (i < 2) {
        expect(decryptSecret(NEW.totp, u.userId, row.secret_enc)).toBe(secrets[i]);
        expect(decryptSecret(OLD.totp, u.userId, row.secret_enc)).toBeNull();
      } else expect(row.secret_enc).toBe(before.find((b) => b.user_id === u.userId)!.secret_enc);
    });
    const live = await deps.db
      .selectFrom('refresh_tokens')
      .select('refresh_token_id')
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });
});
