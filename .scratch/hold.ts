import { loopHolds } from '../src/server/testing/loop-holds';
import { readProductCsv } from '../src/server/modules/catalog/admin/products/products-csv-rows';
const HEADER = 'barcode,name,brand,description,category,price,size,colour,stock\r\n';
const n = Number(process.env.N ?? 200000);
const text = HEADER + Array.from({ length: n }, (_, i) => `V-${i},Fustan ${i},Butiku,Përshkrim,Fustane,19.90,S,E zezë,${i % 9}\r\n`).join('');
const bytes = new TextEncoder().encode(text);
let t = performance.now();
new TextDecoder('utf-8', { fatal: true }).decode(bytes);
console.log('decode', (performance.now() - t).toFixed(1));
const holds = loopHolds();
t = performance.now();
try { await readProductCsv(bytes); } catch (e) { console.log(String(e).slice(0, 80)); }
console.log('read', (performance.now() - t).toFixed(0), 'held', holds().toFixed(1));
