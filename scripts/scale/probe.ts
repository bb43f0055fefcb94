// The /healthz prober of the scale bench (issue 38): a separate node process (its own event loop, so the bench's own
// work never delays it) asks GET /healthz every PROBE_MS, each on a connection of its own (no probe queues behind
// another in the client), and prints "S <start epoch ms>" when it asks and "E <start> <latency ms> <status>" when
// answered; a probe still unanswered counts with the time it has waited. The bench takes the worst latency of the probes started during each read: the longest
// any other shopper waited while that read ran (the server is one process; a stall is everyone's wait).
import { spawn } from 'node:child_process';
import readline from 'node:readline';

export const PROBE_MS = 15;

const PROBE_SOURCE = `
const http = require('node:http');
const [port, every] = process.argv.slice(1).map(Number);
const now = () => performance.timeOrigin + performance.now();
setInterval(() => {
  const start = now().toFixed(1);
  process.stdout.write('S ' + start + '\\n');
  const done = (status) => process.stdout.write('E ' + start + ' ' + (now() - start).toFixed(1) + ' ' + status + '\\n');
  const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
    res.resume();
    res.on('end', () => done(res.statusCode));
  });
  req.on('error', () => done(0));
}, every);
`;

export interface Probe {
  /**
   * The probes started between the two epoch times (ms): the slowest, when it started (epoch ms), the median and
   * p99 waits, and how many failed.
   */
  worstBetween(
    fromMs: number,
    toMs: number,
  ): { worstMs: number; worstStart: number; medianMs: number; p99Ms: number; probes: number; failed: number };
  stop(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startProbe(port: number): Promise<Probe> {
  const child = spawn(process.execPath, ['-e', PROBE_SOURCE, String(port), String(PROBE_MS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const samples: Array<{ start: number; ms: number; ok: boolean }> = [];
  const pending = new Set<number>();
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    const [kind, ...rest] = line.split(' ');
    const [start, ms, status] = rest.map(Number);
    if (kind === 'S') pending.add(start!);
    else {
      pending.delete(start!);
      samples.push({ start: start!, ms: ms!, ok: status === 200 });
    }
  });
  await sleep(200);
  return {
    worstBetween(fromMs, toMs) {
      const now = epochMs();
      const waiting = [...pending].map((start) => ({ start, ms: now - start, ok: true }));
      const inside = [...samples, ...waiting].filter((s) => s.start >= fromMs - PROBE_MS && s.start <= toMs);
      const worst = inside.reduce((w, s) => (s.ms > w.ms ? s : w), { start: fromMs, ms: 0, ok: true });
      const waits = inside.map((s) => s.ms).sort((a, b) => a - b);
      const at = (p: number) => (waits.length ? waits[Math.min(waits.length - 1, Math.floor(p * waits.length))]! : 0);
      return {
        worstMs: worst.ms,
        worstStart: worst.start,
        medianMs: at(0.5),
        p99Ms: at(0.99),
        probes: inside.length,
        failed: inside.filter((s) => !s.ok).length,
      };
    },
    stop: () => child.kill(),
  };
}

/** Epoch milliseconds with sub-millisecond precision (the prober's clock). */
export const epochMs = () => performance.timeOrigin + performance.now();

/** Lets the probes started during a read answer before their worst is read (a stall ends when the read does). */
export const settle = () => sleep(3 * PROBE_MS + 20);
