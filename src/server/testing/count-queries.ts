// Counts the statements a piece of work runs (a Kysely plugin on the test's database): "no query per row" tests
// run the same work on a small and a large input and expect the same count.
import type { KyselyPlugin } from 'kysely';
import type { DB } from '../db/client';

export async function countQueries<T>(db: DB, work: (db: DB) => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: (args) => {
      queries += 1; // once per statement run
      return Promise.resolve(args.result);
    },
  };
  const result = await work(db.withPlugin(counter));
  return { result, queries };
}
