// `npm run bench:customers` (decision 256): the customers list on a SQLite test database holding BENCH_ORDERS
// (200 000) synthetic orders (src/server/testing/bulk-orders.ts, the staff-search bench's seeder), whose e-mails
// join them four by four into 50 000 buyers. Times the start's rebuild, then BENCH_CALLS sequential calls of the
// list per read (first page, a deep page, searches by phone in three writings, name, e-mail), and a read right after
// an order is placed and one after a status change (the queue settled on the way): first / median / max, and the longest
// event-loop delay seen (SQLite's driver is synchronous: a call holds the loop that long).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createTestApp } from '#server/testing/app';
import { buyerCount, flipOrderStatus, insertBulkOrders, shareBulkOrderEmails } from '#server/testing/bulk-orders';
import { insertOrder } from '#server/testing/factories';
import { settleBuyersAtStart } from '#server/modules/orders';
import { pageCustomers } from '#server/modules/customers';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 15);

const READS: Array<[label: string, input: { q?: string; page?: number }]> = [
  ['first page', {}],
  ['page 400', { page: 400 }],
  ['phone "044 000 123"', { q: '044 000 123' }],
  ['phone "+383 44 000 123"', { q: '+383 44 000 123' }],
  ['phone "+38344000123"', { q: '+38344000123' }],
  ['names "ermal gashi" (no buyer)', { q: 'ermal gashi' }],
  ['name "gashi" (1 in 8)', { q: 'gashi' }],
  ['e-mail "bleresi1234@"', { q: 'bleresi1234@' }],
];

const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

async function main() {
  const t = await createTestApp({}, 'sqlite');
  let started = performance.now();
  await insertBulkOrders(t.db, ORDERS);
  await shareBulkOrderEmails(t.db, 4);
  console.log(`[bench:customers] ${ORDERS} orders written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  const how = await settleBuyersAtStart(t.db);
  const buyers = await buyerCount(t.db);
  console.log(
    `[bench:customers] start: ${how} into ${buyers} buyers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const run = async (label: string, call: () => Promise<number>) => {
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < CALLS; i++) {
      const s = performance.now();
      total = await call();
      times.push(performance.now() - s);
      await new Promise((r) => setImmediate(r));
    }
    loop.disable();
    const first = times[0]!;
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(32)} ${String(total).padStart(6)} found   first ${ms(first)}   median ${ms(times[Math.floor(times.length / 2)]!)}   max ${ms(times.at(-1)!)}   held ${ms(loop.max / 1e6)}`,
    );
  };
  for (const [label, input] of READS)
    await run(label, async () => (await pageCustomers(t, { pageSize: 25, ...input })).total);
  let n = 0;
  await run('after an order is placed', async () => {
    await insertOrder(t.db, { email: 'bleresi77@example.com', phoneNumber: `+38349${String(100000 + n++)}` });
    return (await pageCustomers(t, { pageSize: 25 })).total;
  });
  await run('after a status change', async () => {
    await flipOrderStatus(t.db, 4 * 1234);
    return (await pageCustomers(t, { pageSize: 25 })).total;
  });
  await t.db.destroy();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
