// Probes for supervisors and load balancers (decision 152): /healthz says the process answers (no database work);
// /readyz checks the database answers, every migration is applied and the pictures' store can be used (the uploads
// folder is writable, or with STORAGE_URL the bucket answers: decision 266), and answers 503 with the reasons
// otherwise. Neither is rate limited; both log at debug level (request-log.ts).
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { pendingMigrations } from '../db/migrate';
import { pictureStore } from '../storage/open';
import type { AppEnv } from './env';
import { ping } from './health.queries';

type Check = { ok: true } | { ok: false; reason: string };

async function check(run: () => Promise<string | null>): Promise<Check> {
  try {
    const problem = await run();
    return problem === null ? { ok: true } : { ok: false, reason: problem };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message.slice(0, 200) : 'failed' };
  }
}

/** The readiness checks, in order; each answers null when fine or a short reason. */
export async function readiness(
  deps: AppDeps,
): Promise<Record<'database' | 'migrations', Check> & Partial<Record<'uploads' | 'storage', Check>>> {
  const database = await check(async () => {
    await ping(deps.db);
    return null;
  });
  const migrations = database.ok
    ? await check(async () => {
        const pending = await pendingMigrations(deps.db);
        return pending.length ? `not applied: ${pending.join(', ')}` : null;
      })
    : ({ ok: false, reason: 'database unreachable' } as const);
  const pictures = await check(async () => {
    await (await pictureStore(deps.config)).check();
    return null;
  });
  return { database, migrations, [deps.config.storage ? 'storage' : 'uploads']: pictures };
}

export function mountHealth(app: Hono<AppEnv>): void {
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  app.get('/readyz', async (c) => {
    const checks = await readiness(c.var.deps);
    const ready = Object.values(checks).every((r) => r.ok);
    c.header('Cache-Control', 'no-store');
    return c.json({ status: ready ? 'ready' : 'unavailable', checks }, ready ? 200 : 503);
  });
}
