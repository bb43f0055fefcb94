// No screen, API, log line, e-mail or audit row gives anyone a TOTP secret or a recovery code (issue 28, decision 225),
// tried as an attacker would with a staff or an administrator's token: after setups, code and recovery-code logins, a
// refused code, the staff requirement and an administrator's reset, every declared GET route and every tRPC query
// (administrators' ones included, with the staff member's id wherever an id goes), the OpenAPI document, the outbox,
// the audit trail and the request log hold neither the secret (in any case), its ciphertext, a recovery code nor its
// hash. Through a real HTTP server, so the request log is the one production writes. On SQLite and PostgreSQL.
import { Writable } from 'node:stream';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import type { AppDeps } from '#server/deps';
import { DEFAULT_LIMITS, type LimitTable } from '#server/http/limits';
import { createLogger } from '#server/log';
import { declaredOperations } from '#server/operations/registry';
import { declaredRoutes } from '#server/operations/rest-door';
import { startServer } from '#server/testing/app';
import { createAdmin, createStaff } from '#server/testing/auth';
import { createTestDeps } from '#server/testing/db';
import { trpcCall } from '#server/testing/trpc';

const logged: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    logged.push(chunk.toString());
    done();
  },
});

let deps: AppDeps;
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  const roomy = Object.fromEntries(
    Object.keys(DEFAULT_LIMITS).map((n) => [n, { points: 1_000_000, windowSeconds: 60, key: 'address' }]),
  ) as unknown as LimitTable;
  deps = { ...(await createTestDeps({ rateLimits: roomy })), logger: createLogger('debug', sink) };
  server = await startServer(createApp(deps), deps);
});
afterAll(async () => {
  await server.close();
  await deps.db.destroy();
});

const send = (path: string, init: RequestInit & { json?: unknown; token?: string } = {}) => {
  const { json, token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(`${server.url}${path}`, {
    ...rest,
    headers,
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
};
const post = (path: string, json: unknown, token?: string) => send(path, { method: 'POST', json, token });

/** Turns TOTP on for the token's account; the secret and the recovery codes, as their owner saw them once. */
async function turnOn(token: string) {
  const { secret } = (await (await post('/api/users/second-factor/setup', {}, token)).json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const confirm = await post('/api/users/second-factor/confirm', { code }, token);
  expect(confirm.status).toBe(200);
  return { secret, ...((await confirm.json()) as { recoveryCodes: string[] }) };
}

/** Every answer a staff member or an administrator can get from a read, with the staff member's id in each path. */
async function everyRead(tokens: string[], userId: number): Promise<string[]> {
  const bodies: string[] = [];
  const gets = declaredRoutes().filter(({ route }) => route.method === 'GET');
  for (const token of tokens) {
    for (const { route } of gets) {
      const path = route.path
        .replace(/:(id|userId)\b/g, String(userId))
        .replace(/:[A-Za-z]+/g, '1')
        .replace('*', 'x.jpg');
      bodies.push(await (await send(`/api${path}`, { token })).text());
    }
    for (const { path } of declaredOperations().filter(({ op }) => op.kind === 'query' && op.trpc !== false))
      for (const input of [undefined, {}, { id: userId }, { userId }]) {
        const r = await trpcCall((p, init) => send(p, init), path, 'query', input, token);
        bodies.push(JSON.stringify(r.data ?? null));
      }
  }
  bodies.push(await (await send('/api/openapi.json')).text());
  return bodies;
}

describe('no read, e-mail, audit row or log line holds a second factor’s secret', () => {
  it('walks every read as staff and administrator after setups, logins, a reset and the requirement', async () => {
    const admin = await createAdmin(deps);
    const staff = await createStaff(deps);
    const other = await createStaff(deps);
    const mine = await turnOn(staff.token);
    const adminOwn = await turnOn(admin.token);
    const reset = await turnOn(other.token);
    const stored = (await deps.db.selectFrom('user_totp').select('secret_enc').execute()).map((r) => r.secret_enc);
    const hashes = (await deps.db.selectFrom('user_recovery_codes').select('code_hash').execute()).map(
      (r) => r.code_hash,
    );
    expect(stored).toHaveLength(3);
    const on = await send('/api/Settings/security', {
      method: 'PUT',
      token: admin.token,
      json: { requireStaffSecondFactor: true },
    });
    expect(on.status).toBe(200);
    // The staff member signs in: a refused code, then a recovery code (a new device: the outbox gets an e-mail).
    const first = await post('/api/users/login', { email: staff.email, password: staff.password });
    const { challenge } = (await first.json()) as { challenge: string };
    expect((await post('/api/users/login/second-factor', { challenge, code: '000000' })).status).toBe(401);
    const second = await post('/api/users/login/second-factor', { challenge, code: mine.recoveryCodes[0] });
    expect(second.status).toBe(200);
    expect(
      (await send(`/api/Users/${other.userId}/second-factor`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(200);
    const bodies = await everyRead([admin.token, staff.token], staff.userId);
    const outbox = await deps.db.selectFrom('mail_outbox').selectAll().execute();
    const audit = await deps.db.selectFrom('audit_log').selectAll().execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    const seen = [...bodies, JSON.stringify(outbox), JSON.stringify(audit), ...logged].join('\n');
    // The walk saw real answers and the log saw the setups (so a leak would have been caught).
    expect(bodies.filter((b) => b.includes(staff.email)).length).toBeGreaterThan(2);
    expect(logged.join('')).toContain('/api/users/second-factor/setup');
    const seenUpper = seen.toUpperCase();
    const seenLower = seen.toLowerCase();
    for (const s of [mine.secret, adminOwn.secret, reset.secret])
      expect(seenUpper.includes(s), `a read holds a TOTP secret ${s.slice(0, 4)}…`).toBe(false);
    for (const c of [...mine.recoveryCodes, ...adminOwn.recoveryCodes, ...reset.recoveryCodes]) {
      expect(seenLower.includes(c), `a read holds the recovery code ${c.slice(0, 3)}…`).toBe(false);
      expect(seenLower.includes(c.replace('-', '')), `a read holds a recovery code ${c.slice(0, 3)}…`).toBe(false);
    }
    for (const s of [...stored, ...hashes]) expect(seen.includes(s), `a read holds ${s.slice(0, 12)}…`).toBe(false);
  }, 90_000); // every declared read, twice: ~11 s on SQLite, ~17 s on PostgreSQL, past 20 s on a loaded runner
});
