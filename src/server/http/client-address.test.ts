// Client addresses cannot be forged (decision 204): over a real listening server (the socket peer is 127.0.0.1),
// X-Forwarded-For is read only from a trusted peer and walked right to left through trusted hops.
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createLogger } from '../log';
import { createUser } from '../testing/auth';
import { createTestApp, startServer, type TestApp } from '../testing/app';
import { createTestDeps } from '../testing/db';
import type { TrustProxy } from './client-address';
import { LOGIN_THROTTLE } from './limits';

const WRONG = 'Wrong#Pass1';

interface Served {
  t: TestApp;
  url: string;
  email: string;
}
const open: Array<{ t: TestApp; close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.close();
    await o.t.db.destroy();
  }
});

async function serve(trustProxy: TrustProxy): Promise<Served> {
  const t = await createTestApp({ trustProxy });
  const server = await startServer(t.app, t);
  open.push({ t, close: server.close });
  const { email } = await createUser(t);
  return { t, url: server.url, email };
}

/** One wrong-password login through REST or tRPC (the same limits on both doors), with the given X-Forwarded-For. */
function guess(s: Served, forwardedFor: string | undefined, door: 'rest' | 'trpc' = 'rest'): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor;
  const credentials = { email: s.email, password: WRONG };
  return door === 'rest'
    ? fetch(`${s.url}/api/users/login`, { method: 'POST', headers, body: JSON.stringify(credentials) })
    : fetch(`${s.url}/api/trpc/accounts.login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ json: credentials }),
      });
}

/** 64 clients at once, each claiming its own address in X-Forwarded-For (the reported attack); statuses and Retry-After. */
async function rotatedBurst(s: Served) {
  const answers = await Promise.all(
    Array.from({ length: 64 }, async (_, i) => {
      const res = await guess(s, `203.0.${i >> 4}.${i + 1}, 198.51.100.${i + 1}`, i % 2 ? 'trpc' : 'rest');
      await res.arrayBuffer();
      return { status: res.status, retryAfter: res.headers.get('retry-after') };
    }),
  );
  return {
    checked: answers.filter((a) => a.status === 401).length,
    refused: answers.filter((a) => a.status === 429),
    other: answers.filter((a) => a.status !== 401 && a.status !== 429),
  };
}

describe('X-Forwarded-For from an untrusted peer is never read', () => {
  for (const [label, trust] of [
    ['TRUST_PROXY off', false],
    ['TRUST_PROXY naming only another address', ['10.0.0.1']],
    ['TRUST_PROXY naming other ranges', ['linklocal', 'uniquelocal', '192.0.2.0/24']],
  ] as Array<[string, TrustProxy]>) {
    it(`${label}: 64 guesses with rotated headers count as one address, so the throttle answers 429 with Retry-After`, async () => {
      const s = await serve(trust);
      const { checked, refused, other } = await rotatedBurst(s);
      // Before decision 204 all 64 reached the password check (each rotated header was a fresh address).
      expect(other).toEqual([]);
      // Measured: 5 (sometimes 6, when the burst outlasts a pause) reach the password check, the rest are 429; the
      // pair lock bounds it at 10 whatever the timing.
      expect(checked).toBeLessThanOrEqual(LOGIN_THROTTLE.pairLockAfter);
      expect(refused.length).toBeGreaterThanOrEqual(64 - LOGIN_THROTTLE.pairLockAfter);
      for (const r of refused) expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
    });
  }
});

describe('X-Forwarded-For behind a trusted proxy (TRUST_PROXY=loopback)', () => {
  /** Spends the login budget of one forwarded address: guesses until the throttle refuses. */
  async function exhaust(s: Served, forwardedFor: string) {
    for (let i = 0; i < LOGIN_THROTTLE.pairLockAfter + 1; i++) {
      const res = await guess(s, forwardedFor);
      await res.arrayBuffer();
      if (res.status === 429) return;
    }
    throw new Error(`${forwardedFor} was never refused`);
  }

  it('uses the forwarded address: another client is counted separately', async () => {
    const s = await serve(['loopback']);
    await exhaust(s, '198.51.100.7');
    const again = await guess(s, '198.51.100.7', 'trpc');
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await guess(s, '198.51.100.8')).status).toBe(401);
    expect((await guess(s, '2001:db8:1::5', 'trpc')).status).toBe(401);
    // No header: the proxy's own address (a local process talking to the shop directly), also counted apart.
    expect((await guess(s, undefined)).status).toBe(401);
  });

  it('ignores a spoofed left-most entry: the right-most untrusted address counts', async () => {
    const s = await serve(['loopback']);
    await exhaust(s, '198.51.100.7');
    // A client sends "X-Forwarded-For: 198.51.100.8" and a proxy appends its real address 198.51.100.7.
    const spoofed = await guess(s, '198.51.100.8, 198.51.100.7');
    expect(spoofed.status).toBe(429);
    expect(Number(spoofed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The refused address as a spoofed left-most entry is ignored too: the other client is not locked out.
    expect((await guess(s, '198.51.100.7, 198.51.100.9')).status).toBe(401);
    // Garbage is not an address: the trusted hop that passed it on is counted instead of a fresh key.
    expect((await guess(s, 'not-an-ip')).status).toBe(401);
  });

  it('walks through every trusted hop, and stops at the first untrusted one', async () => {
    const s = await serve(['loopback', '10.0.0.0/8']);
    await exhaust(s, '198.51.100.7');
    // client -> 10.1.2.3 (an inner proxy, trusted) -> 127.0.0.1: the client is 198.51.100.7 whatever it claimed.
    expect((await guess(s, '203.0.113.1, 198.51.100.7, 10.1.2.3')).status).toBe(429);
    // An untrusted hop in the middle is where the walk stops: 192.0.2.9 is the address counted.
    expect((await guess(s, '198.51.100.7, 192.0.2.9, 10.1.2.3')).status).toBe(401);
  });

  it('a hop count trusts that many hops whoever they are', async () => {
    const s = await serve(1);
    await exhaust(s, '198.51.100.7');
    expect((await guess(s, '203.0.113.1, 198.51.100.7')).status).toBe(429);
    expect((await guess(s, '198.51.100.7, 203.0.113.1')).status).toBe(401);
  });
});

describe('a local proxy that TRUST_PROXY does not name', () => {
  async function warnings(trustProxy: TrustProxy) {
    const lines: Array<{ level: number; msg: string }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n'))
          if (l.trim()) lines.push(JSON.parse(l) as { level: number; msg: string });
        done();
      },
    });
    const deps = { ...(await createTestDeps({ trustProxy })), logger: createLogger('warn', sink) };
    const server = await startServer(createApp(deps), deps);
    for (const ip of ['203.0.113.1', '203.0.113.2', undefined]) {
      const res = await fetch(`${server.url}/healthz`, { headers: ip ? { 'x-forwarded-for': ip } : {} });
      await res.arrayBuffer();
    }
    await server.close();
    await deps.db.destroy();
    return lines.filter((l) => l.msg.includes('X-Forwarded-For')).map((l) => l.msg);
  }

  it('is named once in the log, so an operator sees why every visitor shares one address', async () => {
    expect(await warnings(false)).toEqual([
      expect.stringMatching(/X-Forwarded-For from 127\.0\.0\.1 was not read: .*TRUST_PROXY/),
    ]);
    expect(await warnings(['10.0.0.1'])).toHaveLength(1);
    expect(await warnings(['loopback'])).toEqual([]);
  });
});
