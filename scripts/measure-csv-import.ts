// `npm run measure:csv-import` (decision 200): does a products CSV import hold the event loop or grow memory?
// Builds the server as `npm start` runs it (scripts/measured-server.ts: a folder of its own under dist/, the start
// script's node flags; MEASURE_SERVER=tsx runs src/server/main.ts under tsx instead), starts it as a CHILD PROCESS on a fresh
// SQLite database with an administrator from ADMIN_EMAIL/ADMIN_PASSWORD, signs in, and for each pathological file (one fresh server per file,
// so the peak RSS is that file's) sends POST /api/Product/import while GET /healthz is polled every 100 ms on fresh
// connections. Prints, per file: the answer's status and message, the import's time, the slowest /healthz answer,
// and the server's peak RSS (VmHWM in /proc/<pid>/status). Goals: every poll under 100 ms, peak RSS under 300 MB.
// On a shared machine a poll can also wait for a core: the CPU time of the server's event-loop thread during each
// poll is read too, and "loop held" (min of the two) estimates how long the import itself kept the loop.
// MEASURE_TIMEOUT_S (120): a file whose answer takes longer is reported as unanswered and its server killed.
// MEASURE_CASES=blank-10mb,one-column-10mb,... runs only those. Prints a Markdown table, then JSON.
// MEASURE_SHOP=/tmp/imp-big/shop.db (with MEASURE_UPLOADS, default its folder's uploads/) measures the round trip on
// a built shop instead (decision 262; build one with `npm run bench:scale -- --build-only`): one server on that
// database (migrated, and changed: the steps add products), and in turn its full products export, that export
// imported back (all unchanged), a second export (byte for byte the first), 5 000 of its rows imported as new
// products, and the whole export imported as new products (barcodes prefixed), whose export must equal the first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMeasuredServer, procKb, request, startMeasuredServer } from './measured-server';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

const ADMIN = { email: 'csv-measure@butiku.test', password: 'Csv#Measure2026' };
const HEADER = 'barcode,name,brand,description,category,price,size,colour,stock\r\n';
const TEN_MB = 10 * 1024 * 1024 - 1024; // 10 MB of each pathological file (the cap was 10 MB when they were chosen)
const TIMEOUT_MS = Number(process.env.MEASURE_TIMEOUT_S ?? 120) * 1000;
const POLL_MS = 100;

/** `unit` (ASCII) repeated after the header up to `bytes` (whole units only). */
const filled = (bytes: number, unit: string, header = HEADER) =>
  header + unit.repeat(Math.floor((bytes - header.length) / unit.length));

function validRows(bytes: number): string {
  const parts = [HEADER];
  let size = HEADER.length;
  for (let i = 0; size < bytes; i++) {
    const line = `M-${String(i).padStart(7, '0')},Fustan verore ${i},Butiku,Përshkrim i shkurtër,Fustane,${19 + (i % 40)}.90,M,E kuqe,${i % 13}\r\n`;
    const n = Buffer.byteLength(line);
    if (size + n > bytes) break;
    parts.push(line);
    size += n;
  }
  return parts.join('');
}

const CASES: Array<{ name: string; label: string; body: () => string; dryRun: boolean }> = [
  { name: 'blank-256kb', label: '256 KB: header + blank lines', body: () => filled(256 * 1024, '\r\n'), dryRun: false },
  {
    name: 'one-column-200kb',
    label: '200 KB: one-column rows',
    body: () => filled(200 * 1024, 'x\r\n'),
    dryRun: false,
  },
  { name: 'blank-10mb', label: '10 MB: header + blank lines', body: () => filled(TEN_MB, '\r\n'), dryRun: false },
  { name: 'one-column-10mb', label: '10 MB: one-column rows', body: () => filled(TEN_MB, 'x\r\n'), dryRun: false },
  {
    name: 'empty-cells-10mb',
    label: '10 MB: rows of empty cells',
    body: () => filled(TEN_MB, ',,,,,,,,\r\n'),
    dryRun: false,
  },
  {
    name: 'valid-10mb',
    label: '10 MB: valid-looking rows past the row cap',
    body: () => validRows(TEN_MB),
    dryRun: false,
  },
  {
    name: 'valid-20000',
    label: '20 000 valid rows (at the cap), written',
    body: () =>
      validRows(20_000 * 90)
        .split('\r\n')
        .slice(0, 20_001)
        .join('\r\n') + '\r\n',
    dryRun: false,
  },
  {
    name: 'refused-20000',
    label: '20 000 rows, five refused cells each',
    body: () => HEADER + `R,,,,,abc,M,,x\r\n`.repeat(20_000),
    dryRun: false,
  },
];

function multipart(file: string): { body: Buffer; type: string } {
  const boundary = `----butiku${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="produktet.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(file, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** CPU time (ms) of the server's main thread, the one that runs the event loop (/proc/<pid>/task/<pid>/stat). */
function loopThreadCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms (CLK_TCK 100)
  } catch {
    return 0;
  }
}

/**
 * GET /healthz every POLL_MS on a fresh connection, each timed from when it was due; stop() gives the slowest. Each
 * poll also notes how much CPU the server's event-loop thread used while it waited: on a machine shared with other
 * work, a slow answer with little CPU used means the server waited for a core, not that the import held the loop.
 */
function pollHealth(port: number, pid: number) {
  const polls: Array<{ ms: number; cpuMs: number }> = [];
  const pending = new Map<number, number>();
  let failures = 0;
  const tick = () => {
    const started = performance.now();
    const cpu = loopThreadCpuMs(pid);
    pending.set(started, cpu);
    request(port, 'GET', '/healthz', {})
      .then(
        () => polls.push({ ms: performance.now() - started, cpuMs: loopThreadCpuMs(pid) - cpu }),
        () => (failures += 1),
      )
      .finally(() => pending.delete(started));
  };
  const timer = setInterval(tick, POLL_MS);
  tick();
  return () => {
    clearInterval(timer);
    // A poll still unanswered counts with the time it has waited so far.
    const now = performance.now();
    const all = [...polls, ...[...pending].map(([s, cpu]) => ({ ms: now - s, cpuMs: loopThreadCpuMs(pid) - cpu }))];
    const slowest = all.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, cpuMs: 0 });
    // The loop cannot have been held longer than the answer took, nor longer than its thread ran (+1 tick).
    const held = Math.max(0, ...all.map((p) => Math.min(p.ms, p.cpuMs + 10)));
    return {
      polls: all.length,
      maxMs: slowest.ms,
      cpuMsOfSlowest: slowest.cpuMs,
      heldMs: held,
      over100: all.filter((x) => x.ms >= 100).length,
      failures,
    };
  };
}

interface CaseResult {
  name: string;
  label: string;
  fileBytes: number;
  status: number | 'no answer';
  message: string;
  seconds: number;
  healthPolls: number;
  maxHealthMs: number;
  healthOver100ms: number;
  /** CPU the server's event-loop thread used during the slowest poll. */
  cpuMsOfSlowestPoll: number;
  /** Longest poll counted only while the loop thread was on a CPU: min(latency, its CPU time + 10 ms). */
  loopHeldMs: number;
  baselineRssMb: number;
  peakRssMb: number;
}

async function setUpCatalogue(port: number, auth: Record<string, string>) {
  for (const [p, body] of [
    ['/api/Category', { categoryName: 'Fustane', description: 'Fustane', mainCategoryID: 1 }],
    ['/api/Color', { colorName: 'E kuqe', hexCode: '#CC0000' }],
    ['/api/Size', { sizeName: 'M' }],
  ] as const) {
    const r = await request(port, 'POST', p, auth, JSON.stringify(body));
    if (r.status >= 300) throw new Error(`setup ${p}: ${r.status} ${r.text}`);
  }
}

async function runCase(c: (typeof CASES)[number], command: string[]): Promise<CaseResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-csv-measure-'));
  let server: Awaited<ReturnType<typeof startMeasuredServer>>;
  try {
    server = await startMeasuredServer(command, { dir, admin: ADMIN });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const { child, port } = server;
  try {
    const pid = child.pid!;
    const json = { 'content-type': 'application/json' };
    const login = await request(port, 'POST', '/api/users/login', json, JSON.stringify(ADMIN));
    const token = (JSON.parse(login.text) as { token: string }).token;
    await setUpCatalogue(port, { ...json, authorization: `Bearer ${token}` });
    const file = c.body();
    const form = multipart(file);
    await new Promise((r) => setTimeout(r, 500));
    const baselineKb = procKb(pid, 'VmRSS');
    const stop = pollHealth(port, pid);
    await new Promise((r) => setTimeout(r, 300));
    const started = performance.now();
    let status: CaseResult['status'] = 'no answer';
    let message = '';
    try {
      const r = await request(
        port,
        'POST',
        `/api/Product/import${c.dryRun ? '?dryRun=true' : ''}`,
        { authorization: `Bearer ${token}`, 'content-type': form.type },
        form.body,
        TIMEOUT_MS,
      );
      status = r.status;
      const body = JSON.parse(r.text) as { Message?: string; rows?: number; created?: number; errors?: unknown[] };
      message = body.Message ?? `rows ${body.rows}, created ${body.created}, errors ${body.errors?.length}`;
    } catch (err) {
      message = `${(err as Error).message} after ${TIMEOUT_MS / 1000} s`;
    }
    const seconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 300));
    const health = stop();
    return {
      name: c.name,
      label: c.label,
      fileBytes: Buffer.byteLength(file),
      status,
      message,
      seconds,
      healthPolls: health.polls,
      maxHealthMs: health.maxMs,
      healthOver100ms: health.over100,
      cpuMsOfSlowestPoll: health.cpuMsOfSlowest,
      loopHeldMs: health.heldMs,
      baselineRssMb: baselineKb / 1024,
      peakRssMb: procKb(pid, 'VmHWM') / 1024,
    };
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureCsvImport(names?: string[]): Promise<{ server: string; results: CaseResult[] }> {
  const results: CaseResult[] = [];
  const build = buildMeasuredServer('measure-csv');
  try {
    const command = build.command;
    for (const c of CASES.filter((x) => !names || names.includes(x.name))) {
      const r = await runCase(c, command);
      results.push(r);
      console.error(
        `${r.name}: ${r.status} in ${r.seconds.toFixed(1)} s, max /healthz ${r.maxHealthMs.toFixed(0)} ms, peak RSS ${r.peakRssMb.toFixed(0)} MB`,
      );
    }
  } finally {
    build.dispose();
  }
  return { server: build.label, results };
}

const COLUMNS = ['barcode', 'name', 'brand', 'description', 'category', 'price', 'size', 'colour', 'stock'] as const;
type CsvRow = Record<(typeof COLUMNS)[number], string>;
const rowsOf = (text: string) => parse(text, { bom: true, columns: true }) as CsvRow[];
const csvOf = (rows: CsvRow[]) => stringify(rows, { header: true, columns: [...COLUMNS], bom: true });

interface ShopStep {
  label: string;
  status: number | 'no answer';
  answer: string;
  seconds: number;
  bytes: number;
  maxHealthMs: number;
  healthOver100ms: number;
  healthPolls: number;
  loopHeldMs: number;
  rssMb: number;
  peakRssMb: number;
}

/** Runs one request of the shop round trip with /healthz polled meanwhile; its figures go into `steps`. */
function stepRunner(port: number, pid: number, steps: ShopStep[]) {
  return async (label: string, run: () => Promise<{ status: number; text: string }>) => {
    await new Promise((r) => setTimeout(r, 1000));
    const stop = pollHealth(port, pid);
    await new Promise((r) => setTimeout(r, 300));
    const started = performance.now();
    let status: ShopStep['status'] = 'no answer';
    let text = '';
    try {
      ({ status, text } = await run());
    } catch (err) {
      text = (err as Error).message;
    }
    const seconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 300));
    const health = stop();
    const r: ShopStep = {
      label,
      status,
      answer: text.startsWith('{') ? text.slice(0, 200) : `${text.length} characters`,
      seconds,
      bytes: Buffer.byteLength(text),
      maxHealthMs: health.maxMs,
      healthOver100ms: health.over100,
      healthPolls: health.polls,
      loopHeldMs: health.heldMs,
      rssMb: procKb(pid, 'VmRSS') / 1024,
      peakRssMb: procKb(pid, 'VmHWM') / 1024,
    };
    steps.push(r);
    console.error(
      `${label}: ${status} in ${seconds.toFixed(1)} s, max /healthz ${r.maxHealthMs.toFixed(0)} ms, loop held ${r.loopHeldMs.toFixed(0)} ms, RSS ${r.rssMb.toFixed(0)} MB (peak ${r.peakRssMb.toFixed(0)}); ${r.answer.slice(0, 160)}`,
    );
    return text;
  };
}

/** The round trip of decision 262 on a built shop (MEASURE_SHOP). */
async function measureShop(
  dbPath: string,
  uploads: string,
): Promise<{ server: string; steps: ShopStep[]; same: boolean[] }> {
  const build = buildMeasuredServer('measure-csv-shop');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-csv-shop-'));
  const steps: ShopStep[] = [];
  const same: boolean[] = [];
  const { child, port } = await startMeasuredServer(build.command, {
    dir,
    admin: ADMIN,
    env: { DATABASE_PATH: dbPath, UPLOADS_DIR: uploads },
  });
  try {
    const pid = child.pid!;
    const json = { 'content-type': 'application/json' };
    const login = await request(port, 'POST', '/api/users/login', json, JSON.stringify(ADMIN));
    const token = (JSON.parse(login.text) as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    const step = stepRunner(port, pid, steps);
    const exportCsv = (label: string) =>
      step(label, () => request(port, 'GET', '/api/Product/export.csv', auth, undefined, TIMEOUT_MS));
    const importCsv = (label: string, csv: string) => {
      const form = multipart(csv);
      return step(label, () =>
        request(port, 'POST', '/api/Product/import', { ...auth, 'content-type': form.type }, form.body, TIMEOUT_MS),
      );
    };
    const first = await exportCsv('the full export');
    const rows = rowsOf(first);
    await importCsv(`the full export imported back (${rows.length} rows)`, first);
    same.push((await exportCsv('the full export again')) === first);
    const barcodes = [...new Set(rows.map((r) => r.barcode))];
    // Whole products only, up to 5 000 rows.
    const five: CsvRow[] = [];
    const byBarcode = new Map<string, CsvRow[]>();
    for (const r of rows) byBarcode.set(r.barcode, [...(byBarcode.get(r.barcode) ?? []), r]);
    for (const b of barcodes) {
      const own = byBarcode.get(b)!;
      if (five.length + own.length > 5000) break;
      five.push(...own);
    }
    const stamp = Date.now().toString(36);
    await importCsv(
      `${five.length} rows as new products`,
      csvOf(five.map((r) => ({ ...r, barcode: `N${stamp}-${r.barcode}` }))),
    );
    const prefix = `F${stamp}-`;
    await importCsv(
      `the full export as new products (${rows.length} rows)`,
      csvOf(rows.map((r) => ({ ...r, barcode: `${prefix}${r.barcode}` }))),
    );
    const after = rowsOf(await exportCsv('the export with them'));
    const copies = after
      .filter((r) => r.barcode.startsWith(prefix))
      .map((r) => ({ ...r, barcode: r.barcode.slice(prefix.length) }));
    same.push(JSON.stringify(copies) === JSON.stringify(rows));
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
    fs.rmSync(dir, { recursive: true, force: true });
    build.dispose();
  }
  return { server: build.label, steps, same };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]) && process.env.MEASURE_SHOP) {
  const shop = path.resolve(process.env.MEASURE_SHOP);
  const { server, steps, same } = await measureShop(
    shop,
    process.env.MEASURE_UPLOADS ?? path.join(path.dirname(shop), 'uploads'),
  );
  console.log(
    `\n${server} on ${shop}; ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log('| step | answer | time | max /healthz | polls ≥ 100 ms | loop held (est.) | RSS after (peak) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of steps)
    console.log(
      `| ${r.label} | ${r.status} ${r.answer.slice(0, 90)} | ${r.seconds.toFixed(2)} s | ${r.maxHealthMs.toFixed(0)} ms | ${r.healthOver100ms}/${r.healthPolls} | ${r.loopHeldMs.toFixed(0)} ms | ${r.rssMb.toFixed(0)} MB (${r.peakRssMb.toFixed(0)} MB) |`,
    );
  console.log(
    `\nsecond export identical to the first: ${same[0]}; the copies' export identical to the original: ${same[1]}`,
  );
  if (same.includes(false) || steps.some((r) => r.status !== 200)) process.exitCode = 1;
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const names = process.env.MEASURE_CASES?.split(',').map((s) => s.trim());
  const { server, results } = await measureCsvImport(names);
  console.log(
    `\n${server}; ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}; goals: every /healthz under 100 ms, peak RSS under 300 MB\n`,
  );
  console.log(
    '| file | answer | import time | max /healthz (loop thread CPU in it) | polls ≥ 100 ms | loop held (est.) | peak RSS (idle) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.label} | ${r.status} ${r.message.slice(0, 60)} | ${r.seconds.toFixed(2)} s | ${r.maxHealthMs.toFixed(0)} ms (${r.cpuMsOfSlowestPoll} ms) | ${r.healthOver100ms}/${r.healthPolls} | ${r.loopHeldMs.toFixed(0)} ms | ${r.peakRssMb.toFixed(0)} MB (${r.baselineRssMb.toFixed(0)} MB) |`,
    );
  }
  console.log(`\n${JSON.stringify(results, null, 2)}`);
  const failed = results.filter(
    (r) =>
      r.maxHealthMs >= 100 ||
      r.peakRssMb >= 300 ||
      r.status === 'no answer' ||
      (typeof r.status === 'number' && r.status >= 500),
  );
  if (failed.length) {
    console.log(`\nOver a goal: ${failed.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
}
