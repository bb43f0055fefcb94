// A shop process that dies half-way through a products CSV import, for the crash test of decision 262
// (catalog/admin/products/products-csv-jobs.test.ts). Opens the database the way the shop does (DATABASE_URL:
// PostgreSQL, else DATABASE_PATH: SQLite), imports the file CSV_FILE as staff member ACTOR_ID, and once batch
// STOP_AFTER is applied prints "stopped <jobId> <batch> <batches>" and waits for the SIGKILL the test sends.
import fs from 'node:fs';
import { openDatabase, openPostgres } from '../db/client';
import { withRequestContext } from '../modules/audit';
import { importProducts } from '../modules/catalog';

const env = process.env;
const db = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, { poolSize: 2 }) : openDatabase(env.DATABASE_PATH!);
const stopAfter = Number(env.STOP_AFTER);

await withRequestContext({ actorId: Number(env.ACTOR_ID), ip: '127.0.0.9' }, () =>
  importProducts(
    {
      db,
      onBatch: async ({ jobId, batch, batches }) => {
        if (batch < stopAfter) return;
        console.log(`stopped ${jobId} ${batch} ${batches}`);
        await new Promise(() => undefined);
      },
    },
    async () => new Uint8Array(fs.readFileSync(env.CSV_FILE!)),
    false,
  ),
);
console.log('finished');
