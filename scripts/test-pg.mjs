// `npm run test:pg [-- vitest args]`: runs the Vitest suite against PostgreSQL. With BUTIKU_TEST_PG_URL set (a
// server's maintenance database, e.g. postgres://butiku:butiku@127.0.0.1:5432/postgres, with a user that may create
// databases) it uses that server; otherwise it creates a throw-away cluster in a temporary folder
// (scripts/pg-cluster.mjs), runs the suite and removes the cluster.
import { spawnSync } from 'node:child_process';
import { startCluster, stopCluster } from './pg-cluster.mjs';

const args = process.argv.slice(2);
let cluster = null;
let url = process.env.BUTIKU_TEST_PG_URL;
if (!url) {
  cluster = await startCluster();
  url = cluster.url;
  console.log(`== Throw-away PostgreSQL cluster in ${cluster.dir} on port ${cluster.port}`);
}
let status = 1;
// Ctrl-C reaches vitest too; this process outlives it to remove the cluster.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => undefined);
try {
  const r = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.pg.config.ts', ...args], {
    stdio: 'inherit',
    env: { ...process.env, BUTIKU_TEST_PG_URL: url, ...(cluster ? { BUTIKU_TEST_PG_THROWAWAY: '1' } : {}) },
  });
  status = r.status ?? 1;
} finally {
  if (cluster) {
    stopCluster(cluster.dir, { background: true });
    console.log('== Cluster stopped; its folder is being removed in the background');
  }
}
process.exit(status);
