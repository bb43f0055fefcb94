// The scale bench's table (issue 38): one per engine, each figure beside its target (printed, not enforced at full
// size), and the CI size's regression bounds (enforced by --ci: see CI_BOUNDS).
import type { EngineReport, ReadResult } from './measure';
import type { Group } from './reads';

const TARGET: Record<Group, { text: string; ok: (r: ReadResult) => boolean }> = {
  storefront: { text: 'p95 ≤ 50 ms', ok: (r) => r.p95Ms <= 50 },
  // Built once per catalogue change, in the background: held to the worst /healthz while fetched cold (its column).
  document: { text: 'built once', ok: () => true },
  'staff list': { text: 'p95 ≤ 300 ms', ok: (r) => r.p95Ms <= 300 },
  report: { text: '≤ 1 s', ok: (r) => r.maxMs <= 1000 },
  export: { text: '< 30 s', ok: (r) => r.maxMs < 30_000 },
  import: { text: '—', ok: () => true },
};

const ms = (n: number) =>
  Number.isFinite(n) ? (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(0)} ms`) : '—';
const size = (b: number) =>
  b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1)} MB` : b >= 1024 ? `${(b / 1024).toFixed(0)} KB` : `${b} B`;
const mark = (ok: boolean) => (ok ? '' : ' ✗');

export function printReport(r: EngineReport, print: (line: string) => void = console.log): void {
  print(`\n### ${r.engine}: started in ${ms(r.startMs)} (target ≤ 2 s)${mark(r.startMs <= 2000)}\n`);
  print('| read | calls | status | median | p95 | max | worst /healthz | answer | RSS | target |');
  print('|---|---|---|---|---|---|---|---|---|---|');
  for (const x of r.reads) {
    const t = TARGET[x.group];
    print(
      `| ${x.name} | ${x.calls} | ${x.statuses.join(',')} | ${ms(x.medianMs)} | ${ms(x.p95Ms)} | ${ms(x.maxMs)} | ${ms(x.worstHealthMs)}${mark(x.worstHealthMs <= 100)} | ${size(x.bytes)} | ${x.rssMb.toFixed(0)} MB | ${t.text}${mark(t.ok(x))} |`,
    );
  }
  for (const x of r.reads.filter((y) => y.error)) print(`\n${x.name}: ${x.error}`);
  const m = r.mix;
  const mixOk = m.pagesPerSecond >= 300 && m.p99Ms <= 500 && m.timeouts === 0;
  print(
    `\nDistinct-page mix (${m.tool}), ${m.seconds.toFixed(0)} s: ${m.pagesPerSecond.toFixed(0)} pages/s, median ${ms(m.medianMs)}, p99 ${ms(m.p99Ms)}, max ${ms(m.maxMs)}, ${m.timeouts} timeouts, ${m.failures} failed; /healthz median ${ms(m.healthMedianMs)}, p99 ${ms(m.healthP99Ms)}, worst ${ms(m.worstHealthMs)} (${m.worstHealthAfterS.toFixed(1)} s into the mix) (targets: ≥ 300 pages/s, p99 ≤ 500 ms, no timeouts; storefront p99 ≤ 150 ms)${mark(mixOk)}`,
  );
  if (m.slowest.length) print(`Slowest pages of the mix: ${m.slowest.map((x) => `${x.path} ${ms(x.ms)}`).join(', ')}`);
  print(
    `Serving RSS after the run: ${r.rssAfterMb.toFixed(0)} MB (target ≤ 200 MB)${mark(r.rssAfterMb <= 200)}; peak ${r.peakRssMb.toFixed(0)} MB (including the import)` +
      (r.rssSettledMb === null ? '' : `; ${r.rssSettledMb.toFixed(0)} MB once the worker threads stopped`),
  );
}

/**
 * The CI size's regression bounds (--ci: 500 products, 5 000 orders, a 500-row import, a 5 s mix at 10 connections).
 * Set at about three times what today's code gave there on this 2-core machine while other work held a load average
 * of 15 (decision 240 has the figures), so a busy CI runner stays inside them and only a gross regression trips them:
 * a read that fails, a server that stops answering /healthz for seconds, a page that takes seconds.
 */
export const CI_BOUNDS = {
  /** Slowest call of any read, the exports and the import included (today: 5.4 s, the import). */
  readMaxMs: 15_000,
  /** Slowest storefront call, a first build of a feed included (today: 1.3 s), and the median (today: 0.3 s). */
  storefrontMaxMs: 4_000,
  storefrontMedianMs: 1_000,
  /** Worst /healthz wait during a storefront, staff list or report read (today: 1.2 s) ... */
  healthMs: 4_000,
  /** ... during an export or the import (today: 2.6 s). The mix's is printed, not bounded: with ten pages in flight on
   * two busy cores a probe waits behind them (5.5 s seen at a load average of 14), which says little about the code. */
  heavyHealthMs: 10_000,
  /** From spawn to serving (today: 3.6 s). */
  startMs: 15_000,
};

const heavy = (g: Group) => g === 'export' || g === 'import';

/** What breaks the CI bounds (empty: none). Every read must answer 2xx, and the mix without failures. */
export function ciFailures(r: EngineReport): string[] {
  const out: string[] = [];
  const b = CI_BOUNDS;
  for (const x of r.reads) {
    if (x.statuses.some((s) => s < 200 || s >= 300)) out.push(`${x.name}: answered ${x.statuses.join(',')}`);
    if (x.maxMs > b.readMaxMs) out.push(`${x.name}: slowest call ${ms(x.maxMs)} > ${ms(b.readMaxMs)}`);
    const shopper = x.group === 'storefront' || x.group === 'document';
    if (shopper && x.maxMs > b.storefrontMaxMs)
      out.push(`${x.name}: slowest call ${ms(x.maxMs)} > ${ms(b.storefrontMaxMs)}`);
    if (shopper && x.medianMs > b.storefrontMedianMs)
      out.push(`${x.name}: median ${ms(x.medianMs)} > ${ms(b.storefrontMedianMs)}`);
    const health = heavy(x.group) ? b.heavyHealthMs : b.healthMs;
    if (x.worstHealthMs > health) out.push(`${x.name}: /healthz waited ${ms(x.worstHealthMs)} > ${ms(health)}`);
    if (x.healthFailures) out.push(`${x.name}: ${x.healthFailures} /healthz probes failed`);
  }
  const m = r.mix;
  if (m.failures || m.timeouts > m.pages / 20) out.push(`mix: ${m.failures} failed, ${m.timeouts} timeouts`);
  if (r.startMs > b.startMs) out.push(`start: ${ms(r.startMs)} > ${ms(b.startMs)}`);
  return out.map((line) => `${r.engine}: ${line}`);
}
