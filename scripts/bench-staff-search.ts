// `npm run bench:staff-search` (decision 243): the staff orders search on a SQLite test database holding
// BENCH_ORDERS (200 000) synthetic orders (src/server/testing/bulk-orders.ts). Times BENCH_CALLS sequential calls of
// the orders service per search (by name, two names, phone, e-mail, order number) and prints median / max: SQLite's
// driver is synchronous, so each call holds the event loop that long.
import { performance } from 'node:perf_hooks';
import { createTestApp } from '#server/testing/app';
import { insertBulkOrders } from '#server/testing/bulk-orders';
import { pageOrders } from '#server/modules/orders';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 15);

const SEARCHES: Array<[label: string, q: string]> = [
  ['name "gashi" (1 in 8 orders)', 'gashi'],
  ['two names "arta gashi"', 'arta gashi'],
  ['rare name "kushtrim morina"', 'kushtrim morina'],
  ['phone "+38344123456"', '+38344123456'],
  ['phone fragment "4123456"', '4123456'],
  ['e-mail "bleresi123456@"', 'bleresi123456@'],
  ['order number "#000041"', '#000041'],
];

async function main() {
  const t = await createTestApp({}, 'sqlite');
  const started = performance.now();
  await insertBulkOrders(t.db, ORDERS);
  console.log(`[bench:staff-search] sqlite: ${ORDERS} orders inserted in ${(performance.now() - started) / 1000} s`);
  for (const [label, q] of SEARCHES) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < CALLS; i++) {
      const s = performance.now();
      total = (await pageOrders(t, { q, pageSize: 25 })).total;
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(
      `${label.padEnd(34)} ${String(total).padStart(6)} found   median ${median.toFixed(1).padStart(7)} ms   max ${times.at(-1)!.toFixed(1).padStart(7)} ms`,
    );
  }
  await t.db.destroy();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
