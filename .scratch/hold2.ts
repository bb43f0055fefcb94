import { readProductCsv } from '../src/server/modules/catalog/admin/products/products-csv-rows';
import { nextTurn } from '../src/server/time-slices';
import fs from 'node:fs';
const HEADER = 'barcode,name,brand,description,category,price,size,colour,stock\r\n';
const text = HEADER + Array.from({ length: 43000 }, (_, i) => `V-${i},Fustan ${i} me emër të gjatë,Butiku,"Përshkrim i gjatë i produktit me shumë fjalë, presje dhe ""thonjëza"", që përsëritet në çdo rresht të variantit ${i}",Fustane,19.90,S,E zezë,${i % 9}\r\n`).join('');
const bytes = new TextEncoder().encode(text);
console.log('MB', (bytes.length / 1e6).toFixed(1));
let started = performance.now();
const worst: Array<[number, string]> = [];
const slices = {
  spent: () => performance.now() - started >= 10,
  async next() {
    const d = performance.now() - started;
    worst.push([d, new Error().stack!.split('\n').slice(2, 4).join(' | ')]);
    await nextTurn();
    started = performance.now();
  },
};
const t = performance.now();
const r = await readProductCsv(bytes, slices);
console.log('rows', r.rows.length, 'ms', (performance.now() - t).toFixed(0), 'tail since last', (performance.now() - started).toFixed(1));
worst.sort((a, b) => b[0] - a[0]);
for (const w of worst.slice(0, 5)) console.log(w[0].toFixed(1), w[1]);
