// First-start preparation: SEED_DEMO=false leaves an empty shop; ADMIN_EMAIL/ADMIN_PASSWORD create or reset
// the administrator (and revoke that account's logins on reset) so a shop never runs on a published password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_CUSTOMER } from '#shared/roles';
import type { AppDeps } from '../deps';
import { verifyPassword } from '../modules/accounts';
import { createTestDeps } from '../testing/db';
import { createRefreshToken, setUserRole } from '../testing/factories';
import { prepareDatabase } from './prepare';

let deps: AppDeps;
beforeAll(async () => {
  deps = await createTestDeps({ seedDemo: false });
});
afterAll(() => deps.db.destroy());

const admin = (email: string) =>
  deps.db
    .selectFrom('users')
    .select(['user_id', 'role_id', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();

describe('prepareDatabase', () => {
  it('starts with an empty catalogue when SEED_DEMO=false', async () => {
    const lines: string[] = [];
    await prepareDatabase(deps, { log: (l) => lines.push(l) });
    const products = await deps.db.selectFrom('products').select('product_id').execute();
    expect(products).toHaveLength(0);
    expect(lines.join('\n')).not.toContain('Demo logins');
  });

  it('creates the administrator from ADMIN_EMAIL/ADMIN_PASSWORD', async () => {
    const d = {
      ...deps,
      config: { ...deps.config, adminEmail: 'pronari@butiku.shop', adminPassword: 'Nje-Fjalekalim-i-Gjate-2026' },
    };
    const lines: string[] = [];
    await prepareDatabase(d, { log: (l) => lines.push(l) });
    const row = await admin('pronari@butiku.shop');
    expect(row?.role_id).toBe(ROLE_ADMIN);
    expect(await verifyPassword(row!.password_hash!, 'Nje-Fjalekalim-i-Gjate-2026')).toBe(true);
    expect(lines.join('\n')).toContain('pronari@butiku.shop created');
  });

  it('resets that account (password, role, logins) on the next start, matching the e-mail in any case', async () => {
    const row = (await admin('pronari@butiku.shop'))!;
    await setUserRole(deps.db, row.user_id, ROLE_CUSTOMER);
    await createRefreshToken(deps.db, { userId: row.user_id, tokenHash: 'h1', familyId: 'f1' });
    const d = {
      ...deps,
      config: { ...deps.config, adminEmail: 'PRONARI@butiku.shop', adminPassword: 'Tjeter-Fjalekalim-2026!' },
    };
    await prepareDatabase(d);
    const after = (await admin('pronari@butiku.shop'))!;
    expect(after.role_id).toBe(ROLE_ADMIN);
    expect(await verifyPassword(after.password_hash!, 'Tjeter-Fjalekalim-2026!')).toBe(true);
    const token = await deps.db
      .selectFrom('refresh_tokens')
      .select('revoked_at')
      .where('token_hash', '=', 'h1')
      .executeTakeFirstOrThrow();
    expect(token.revoked_at).not.toBeNull();
    const count = await deps.db.selectFrom('users').select('user_id').where('role_id', '=', ROLE_ADMIN).execute();
    expect(count).toHaveLength(1);
  });
});
