// A second (and third) process restocking the shop's database at once, for the back-in-stock race test
// (catalog/back-in-stock/back-in-stock.race.test.ts, decision 233). Opens the database the way the shop does
// (DATABASE_URL: PostgreSQL, else DATABASE_PATH: SQLite), waits for START_AT (ms since the epoch) so both processes
// start together, then restocks VARIANTS (comma-separated, in a shuffled order, one transaction each) through
// catalog's stock writer: MODE=add gives +RESTOCK units (changeStock, as a return does), MODE=set sets RESTOCK
// (setStocks, as the CSV import does). A transaction that meets SQLite's busy answer is rolled back and
// run again, as a shop's caller would see it fail and retry. Prints one JSON line: attempts, transitions, e-mails.
import { openDatabase, openPostgres } from '../db/client';
import { changeStock, setStocks } from '../modules/catalog';

const env = process.env;
const db = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, { poolSize: 2 }) : openDatabase(env.DATABASE_PATH!);
const variants = env.VARIANTS!.split(',').map(Number);
const restock = Number(env.RESTOCK ?? '2');

const busy = (err: unknown) => /SQLITE_BUSY|database is locked/i.test(String((err as { code?: string }).code ?? err));

async function retried<T>(work: () => Promise<T>, stats: { retries: number }): Promise<T> {
  for (;;) {
    try {
      return await work();
    } catch (err) {
      if (!busy(err) || ++stats.retries > 500) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 5));
    }
  }
}

async function main() {
  const stats = { retries: 0, transitions: 0, lateMs: 0, tookMs: 0 };
  await new Promise((r) => setTimeout(r, Math.max(0, Number(env.START_AT) - Date.now())));
  stats.lateMs = Date.now() - Number(env.START_AT);
  for (const variantId of [...variants].sort(() => Math.random() - 0.5)) {
    const r = await retried(
      () =>
        db
          .transaction()
          .execute(async (trx) =>
            env.MODE === 'set'
              ? (await setStocks(trx, [{ variantId, setTo: restock }], { reason: 'csv_import' }))[0]
              : await changeStock(trx, { variantId, delta: restock, reason: 'return' }),
          ),
      stats,
    );
    if (r && r.before <= 0 && r.after > 0) stats.transitions++;
  }
  stats.tookMs = Date.now() - Number(env.START_AT) - stats.lateMs;
  console.log(JSON.stringify(stats));
  await db.destroy();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
