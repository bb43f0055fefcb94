// First-start preparation: fill an empty catalogue with the demo data (unless SEED_DEMO=false),
// create or reset the administrator from ADMIN_EMAIL/ADMIN_PASSWORD, and print the demo logins.
import { ROLE_ADMIN } from '../../shared/roles';
import type { AppDeps } from '../deps';
import { hashPassword } from '../modules/accounts/passwords';
import { DEMO_USERS, seedDemo } from './demo';

export async function catalogueIsEmpty(deps: AppDeps): Promise<boolean> {
  const row = await deps.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const users = await deps.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0 && Number(users.n) === 0;
}

export async function ensureAdminFromEnv(deps: AppDeps): Promise<'created' | 'reset' | null> {
  const { adminEmail, adminPassword } = deps.config;
  if (!adminEmail || !adminPassword) return null;
  const passwordHash = await hashPassword(adminPassword);
  const existing = await deps.db
    .selectFrom('users')
    .select('user_id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', adminEmail.toLowerCase()))
    .executeTakeFirst();
  if (existing) {
    await deps.db
      .updateTable('users')
      .set({ password_hash: passwordHash, role_id: ROLE_ADMIN, updated_at: new Date().toISOString() })
      .where('user_id', '=', existing.user_id)
      .execute();
    await deps.db.updateTable('refresh_tokens').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', existing.user_id).where('revoked_at', 'is', null).execute();
    return 'reset';
  }
  await deps.db
    .insertInto('users')
    .values({ first_name: 'Administrator', last_name: 'Butiku', email: adminEmail, password_hash: passwordHash, role_id: ROLE_ADMIN })
    .execute();
  return 'created';
}

export async function prepareDatabase(deps: AppDeps, opts: { log?: (line: string) => void } = {}): Promise<void> {
  const log = opts.log ?? (() => {});
  if (deps.config.seedDemo && (await catalogueIsEmpty(deps))) {
    const started = Date.now();
    const summary = await seedDemo(deps);
    log(`Filled the empty database with the demo catalogue in ${Date.now() - started} ms: ${summary}`);
    log('Demo logins (change or remove them before opening the shop; see README "Configure"):');
    for (const u of DEMO_USERS) log(`  ${u.label.padEnd(14)} ${u.email}  /  ${u.password}`);
  }
  const admin = await ensureAdminFromEnv(deps);
  if (admin) log(`Administrator ${deps.config.adminEmail} ${admin} from ADMIN_EMAIL/ADMIN_PASSWORD.`);
}
