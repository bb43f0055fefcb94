import { createTestDeps } from '../src/server/testing/db';
import { createCategory, createColor, createSize } from '../src/server/testing/factories';
import { importProducts } from '../src/server/modules/catalog/admin/products/products-csv-import.service';
import { withRequestContext } from '../src/server/modules/audit';

const deps = await createTestDeps();
await createCategory(deps.db, { name: 'Fustane', mainCategoryID: 1 });
await createColor(deps.db, { name: 'E kuqe' });
for (let i = 0; i < 5; i++) await createSize(deps.db, { name: `P${i}` });
const lines = ['barcode,name,brand,description,category,price,size,colour,stock'];
for (let p = 0; p < 1000; p++) for (let i = 0; i < 5; i++) lines.push(`PERF-${p},Produkt ${p},Butiku,"Përshkrim ${p}, me presje.",Fustane,${10 + (p % 90)}.90,P${i},E kuqe,${(p % 17) + Number(process.env.ADD ?? 0)}`);
const bytes = new TextEncoder().encode(lines.join('\r\n'));
for (const round of [0, 1]) {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const per: string[] = [];
  const t0 = performance.now(); const c0 = process.cpuUsage();
  const r = await withRequestContext({ actorId: null, ip: '1' }, () =>
    importProducts({ db: deps.db, onBatch: () => { const c = process.cpuUsage(lastCpu); per.push(`${(performance.now() - last).toFixed(0)}/${((c.user + c.system) / 1000).toFixed(0)}`); last = performance.now(); lastCpu = process.cpuUsage(); } }, async () => round ? new TextEncoder().encode(lines.map((l, i) => i ? l.replace(/,(\d+)$/, (_, n) => ',' + (Number(n) + 1)) : l).join('\r\n')) : bytes, false));
  const c = process.cpuUsage(c0);
  console.log(round, JSON.stringify(r).slice(0, 150), 'wall', (performance.now() - t0).toFixed(0), 'cpu', ((c.user + c.system) / 1000).toFixed(0));
  console.log('batches wall/cpu ms:', per.join(' '));
}
