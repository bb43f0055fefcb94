// The scale bench's distinct-page mix (decision 287) against a real HTTP server on a loopback port, with each tool
// that can play the shoppers: every path it asks is one of the mix's, a page that is not 200 counts as failed, and
// the counts add up. wrk is a Debian package CI installs; without it only the in-process client is tried.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMix } from './mix';
import type { ShopFacts } from './reads';

const facts: ShopFacts = { productIds: [1, 2, 3], categoryIds: [10, 11], lastName: 'Krasniqi', phoneDigits: '44' };
const asked: string[] = [];
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    // Product 3 is gone: its page answers 404, a failure of the mix.
    const status = req.url === '/productDetails/3' ? 404 : 200;
    res.writeHead(status, { 'content-type': 'text/html' }).end('<p>page</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const hasWrk = spawnSync('sh', ['-c', 'command -v wrk']).status === 0;
const mixPath = /^\/productDetails\/[123]$|^\/products\/1[01]$|^\/products\/1[01]\?page=([2-9]|[1-5]\d|60)$/;

describe.each([['node'], ...(hasWrk ? [['wrk']] : [])])('the mix played by %s', (tool) => {
  it('asks only the mix’s paths, counts pages and failures, and measures their times', async () => {
    process.env.SCALE_MIX_TOOL = tool;
    asked.length = 0;
    const r = await runMix(port, facts, 4, 1).finally(() => delete process.env.SCALE_MIX_TOOL);
    expect(r.tool).toBe(tool);
    expect(asked.length).toBeGreaterThan(20);
    for (const p of asked) expect(p).toMatch(mixPath);
    const notFound = asked.filter((p) => p === '/productDetails/3').length;
    expect(notFound).toBeGreaterThan(0);
    // Requests still open when the time ran out are counted by neither side.
    expect(r.failures).toBeGreaterThanOrEqual(notFound - 4);
    expect(r.failures).toBeLessThanOrEqual(notFound);
    expect(r.pages + r.failures).toBeGreaterThanOrEqual(asked.length - 4);
    expect(r.pagesPerSecond).toBeGreaterThan(0);
    expect(r.medianMs).toBeGreaterThan(0);
    expect(r.p99Ms).toBeGreaterThanOrEqual(r.medianMs);
    expect(r.maxMs).toBeGreaterThanOrEqual(r.p99Ms);
    expect(r.timeouts).toBe(0);
  });
});
