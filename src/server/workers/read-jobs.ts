// The reads a worker thread runs (read-worker.ts), by name: each is the very stream the service returns when it
// reads in the serving thread (PostgreSQL), so both ways give the same bytes.
import type { Readable } from 'node:stream';
import type { DB } from '../db/client';
import { productsCsvStream } from '../modules/catalog';
import { ordersCsvStream } from '../modules/orders';
import type { ReadJobName } from './read-pool';

export const readJobs = {
  'orders-csv': (db, input) => ordersCsvStream(db, input as Parameters<typeof ordersCsvStream>[1]),
  'products-csv': (db) => productsCsvStream(db),
} satisfies Record<ReadJobName, (db: DB, input: unknown) => Readable>;
