// Two processes restocking the same sold-out variants at once (issue 26, decisions 233, 239), on SQLite and PostgreSQL:
// one gives each variant +2 (as a return does), the other sets each to 5 (as the CSV import does), one transaction per
// variant, in shuffled orders. Whichever wins a variant's 0 → more closes its requests and queues their e-mails in that
// transaction; the other sees stock above 0 and queues nothing. Each waiting shopper gets exactly one e-mail.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '#server/deps';
import { createTestDeps, TEST_ENGINE } from '#server/testing/db';
import { createProduct } from '#server/testing/factories';
import { confirmBackInStock, requestBackInStock } from './back-in-stock.service';
import { confirmToken } from './confirm-token';

const VARIANTS = 30;
const WAITING = 3;
let deps: AppDeps;

beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(() => deps.db.destroy());

function restocker(
  mode: 'add' | 'set',
  variants: number[],
  startAt: number,
): Promise<{ transitions: number; retries: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/testing/restock-child.ts'], {
      env: {
        ...process.env,
        MODE: mode,
        VARIANTS: variants.join(','),
        RESTOCK: mode === 'set' ? '5' : '2',
        START_AT: String(startAt),
        ...(deps.config.databaseUrl
          ? { DATABASE_URL: deps.config.databaseUrl }
          : { DATABASE_PATH: deps.config.databasePath }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`restocker ${mode}: ${out}`)),
    );
  });
}

describe(`two processes restocking at once (${TEST_ENGINE})`, () => {
  it('e-mail each waiting shopper exactly once and close every request', async () => {
    const { variantIds } = await createProduct(deps.db, {
      name: 'Bluzë e shitur',
      variants: Array.from({ length: VARIANTS }, () => ({ stock: 0 })),
    });
    for (const variantID of variantIds)
      for (let i = 0; i < WAITING; i++)
        await requestBackInStock(deps, { variantID, email: `pres${i}.${variantID}@example.com` });
    // Every address confirms through its link (decision 239: only confirmed requests are e-mailed).
    const addresses = await deps.db.selectFrom('back_in_stock_addresses').select(['address_id', 'email']).execute();
    for (const a of addresses) {
      const token = confirmToken(
        deps.config,
        { addressId: a.address_id, email: a.email },
        new Date(Date.now() + 60_000),
      );
      expect(await confirmBackInStock(deps, { token })).toEqual({ confirmed: 1 });
    }
    const startAt = Date.now() + 4000; // both processes loaded and connected by then
    const [add, set] = await Promise.all([
      restocker('add', variantIds, startAt),
      restocker('set', variantIds, startAt),
    ]);
    // Every variant went from 0 to more exactly once, in one process or the other.
    expect(add.transitions + set.transitions).toBe(VARIANTS);
    const mails = await deps.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'secret_ref'])
      .where('kind', '=', 'back_in_stock')
      .execute();
    expect(mails).toHaveLength(VARIANTS * WAITING);
    expect(new Set(mails.map((m) => m.secret_ref)).size).toBe(VARIANTS * WAITING);
    const open = await deps.db
      .selectFrom('back_in_stock_requests')
      .select('request_id')
      .where('status', '!=', 'notified')
      .execute();
    expect(open).toEqual([]);
    console.log(`${TEST_ENGINE}: add ${JSON.stringify(add)}, set ${JSON.stringify(set)}`);
  }, 60_000);
});
