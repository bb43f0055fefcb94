// First-start preparation: fill an empty catalogue with the demo data (unless SEED_DEMO=false),
// create or reset the administrator from ADMIN_EMAIL/ADMIN_PASSWORD, and print the demo logins.
import type { AppDeps } from '../deps';
import { hashPassword } from '../modules/accounts';
import { DEMO_USERS, seedDemo } from './demo';
import * as q from './prepare.queries';

export async function catalogueIsEmpty(deps: AppDeps): Promise<boolean> {
  const counts = await q.productAndUserCounts(deps.db);
  return counts.products === 0 && counts.users === 0;
}

export async function ensureAdminFromEnv(deps: AppDeps): Promise<'created' | 'reset' | null> {
  const { adminEmail, adminPassword } = deps.config;
  if (!adminEmail || !adminPassword) return null;
  const passwordHash = await hashPassword(adminPassword);
  const existing = await q.userIdByEmail(deps.db, adminEmail);
  if (existing !== undefined) {
    await q.resetAdmin(deps.db, existing, passwordHash);
    return 'reset';
  }
  await q.insertAdmin(deps.db, adminEmail, passwordHash);
  return 'created';
}

/** Whether this start has demo seeding to do (SEED_DEMO and an empty catalogue). */
export async function needsDemoSeed(deps: AppDeps): Promise<boolean> {
  return deps.config.seedDemo && (await catalogueIsEmpty(deps));
}

/** Seeds the demo catalogue and prints the demo logins (`npm start` runs this in a child process: seed/child.ts). */
export async function seedDemoWithLogins(deps: AppDeps, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const summary = await seedDemo(deps);
  log(`Filled the empty database with the demo catalogue in ${Date.now() - started} ms: ${summary}`);
  log('Demo logins (change or remove them before opening the shop; see docs/operations.md "Configure"):');
  for (const u of DEMO_USERS) log(`  ${u.label.padEnd(14)} ${u.email}  /  ${u.password}`);
}

export async function prepareDatabase(deps: AppDeps, opts: { log?: (line: string) => void } = {}): Promise<void> {
  const log = opts.log ?? (() => {});
  if (await needsDemoSeed(deps)) await seedDemoWithLogins(deps, log);
  await logAdminFromEnv(deps, log);
}

/** ensureAdminFromEnv, saying what it did. */
export async function logAdminFromEnv(deps: AppDeps, log: (line: string) => void): Promise<void> {
  const admin = await ensureAdminFromEnv(deps);
  if (admin) log(`Administrator ${deps.config.adminEmail} ${admin} from ADMIN_EMAIL/ADMIN_PASSWORD.`);
}
