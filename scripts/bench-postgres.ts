// The PostgreSQL database a bench runs against: BENCH_DATABASE_URL (an empty database) or a throw-away cluster made
// from Debian's packages (scripts/pg-cluster.mjs) with a `bench` database; `cleanups` gets the cluster's removal.
import path from 'node:path';

export async function benchPostgresUrl(cleanups: Array<() => void>): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const { startCluster, stopCluster } = (await import(path.join(process.cwd(), 'scripts/pg-cluster.mjs'))) as {
    startCluster: () => Promise<{ dir: string; url: string }>;
    stopCluster: (dir: string) => void;
  };
  const cluster = await startCluster();
  cleanups.push(() => stopCluster(cluster.dir));
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  return cluster.url.replace(/\/postgres$/, '/bench');
}
