// Access tokens are bound to their login (refresh-token family), over real HTTP: logout and a password change
// end them on the very next request, on both doors (decision 123).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';

let t: TestApp;
let server: { url: string; close: () => Promise<void> };
beforeAll(async () => {
  t = await createTestApp();
  server = await startServer(t.app, t);
});
afterAll(async () => {
  await server.close();
  await t.db.destroy();
});

const password = 'Sekret#2026x';
let n = 0;

async function signUp(): Promise<string> {
  n += 1;
  const email = `bind${n}@example.com`;
  const res = await fetch(`${server.url}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Arta', lastName: 'Berisha', email, phoneNumber: '+38344123456', password }),
  });
  expect(res.status).toBe(201);
  return email;
}

async function login(email: string, pass = password): Promise<{ token: string; refresh: string }> {
  const res = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: pass }),
  });
  expect(res.status).toBe(200);
  const refresh = /RefreshToken=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))![1]!;
  return { token: ((await res.json()) as { token: string }).token, refresh };
}

const profile = (token: string) =>
  fetch(`${server.url}/api/users/profile`, { headers: { authorization: `Bearer ${token}` } });
const trpcProfile = (token: string) =>
  fetch(`${server.url}/api/trpc/accounts.profile`, { headers: { authorization: `Bearer ${token}` } });

describe('access token bound to its login', () => {
  it('logout: the old access token gets 401 on the next call (REST and tRPC)', async () => {
    const me = await login(await signUp());
    expect((await profile(me.token)).status).toBe(200);
    expect((await trpcProfile(me.token)).status).toBe(200);
    const out = await fetch(`${server.url}/api/users/logout`, {
      method: 'POST',
      headers: { cookie: `RefreshToken=${me.refresh}` },
    });
    expect(out.status).toBe(200);
    expect((await profile(me.token)).status).toBe(401);
    expect((await trpcProfile(me.token)).status).toBe(401);
  });

  it('password change: the other logins’ access tokens get 401 at once, this one keeps working', async () => {
    const email = await signUp();
    const here = await login(email);
    const phone = await login(email);
    const tablet = await login(email);
    const res = await fetch(`${server.url}/api/users/profile`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${here.token}`,
        cookie: `RefreshToken=${here.refresh}`,
      },
      body: JSON.stringify({ password: 'Nova#Fjale2026', currentPassword: password }),
    });
    expect(res.status).toBe(200);
    expect((await profile(phone.token)).status).toBe(401);
    expect((await trpcProfile(tablet.token)).status).toBe(401);
    expect((await profile(here.token)).status).toBe(200);
  });

  it('a refreshed token stays valid, and its family ends with logout', async () => {
    const me = await login(await signUp());
    const refreshed = await fetch(`${server.url}/api/users/refresh-token`, {
      method: 'POST',
      headers: { cookie: `RefreshToken=${me.refresh}` },
    });
    expect(refreshed.status).toBe(200);
    const token = ((await refreshed.json()) as { token: string }).token;
    const nextRefresh = /RefreshToken=([^;]+)/.exec(refreshed.headers.getSetCookie().join('\n'))![1]!;
    expect((await profile(token)).status).toBe(200);
    expect((await profile(me.token)).status).toBe(200); // same login, still live
    await fetch(`${server.url}/api/users/logout`, {
      method: 'POST',
      headers: { cookie: `RefreshToken=${nextRefresh}` },
    });
    expect((await profile(token)).status).toBe(401);
    expect((await profile(me.token)).status).toBe(401);
  });
});
