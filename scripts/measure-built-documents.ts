// `npm run measure:built-documents` (decision 242): builds the product feeds, the sitemap and the spec's all-products
// answer from the shop named by DATABASE_PATH / DATABASE_URL (e.g. one made by `npm run bench:scale -- --build-only`)
// as the serving process does, and prints for each the build's wall time, the files' sizes and the longest the event
// loop was held meanwhile (perf_hooks' event-loop delay, 5 ms resolution). The target is under 100 ms.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { configFromEnv, loadEnv } from '#server/config';
import { connectDatabase } from '#server/db/client';
import { createLogger } from '#server/log';
import { allProductsFile } from '#server/modules/catalog';
import { productFeedFiles, sitemapFiles } from '#server/modules/seo';

const env = loadEnv();
// The documents are public: no key is used, so none is read.
const config = configFromEnv(env, 'measure-built-documents-needs-no-key', process.cwd());
const db = await connectDatabase(config);
const deps = { db, config, logger: createLogger('warn') };

const documents: Array<[string, () => Promise<Array<[string, number]>>]> = [
  ['feeds (xml + csv)', async () => [...(await productFeedFiles(deps)).files].map(([n, f]) => [n, f.bytes])],
  ['sitemap', async () => [...(await sitemapFiles(deps)).files].map(([n, f]) => [n || 'index', f.bytes])],
  ['GET /api/Product', async () => [['json', (await allProductsFile(db, null)).bytes]]],
];

console.log('| document | build | files | longest event-loop hold |');
console.log('|---|---:|---|---:|');
for (const [name, build] of documents) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const files = await build();
  const ms = performance.now() - started;
  delay.disable();
  const sizes = files.map(([n, b]) => `${n} ${(b / 1e6).toFixed(1)} MB`).join(', ');
  console.log(`| ${name} | ${(ms / 1000).toFixed(1)} s | ${sizes} | ${(delay.max / 1e6).toFixed(0)} ms |`);
}
await db.destroy();
