// Sessions and sign-ins over real HTTP (issue 28, decision 227): the list names each device and address, ending a
// session refuses its access token on the next request on both doors while the current one keeps working, the
// administrator ends a staff member's sessions, staff cannot touch anyone else's, sign-ins are recorded (last 10
// shown) and a new device's e-mail is queued once, with nothing secret in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STAFF } from '#shared/roles';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { createAdmin, createCustomer, createStaff } from '#server/testing/auth';
import { trpcAt } from '#server/testing/trpc';
import { recordSignIn } from './sign-ins';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';

let t: TestApp;
let server: { url: string; close: () => Promise<void> };
let trpc: ReturnType<typeof trpcAt>;
beforeAll(async () => {
  // Behind a trusted local proxy, so each test login can come from its own address (X-Forwarded-For).
  t = await createTestApp({ trustProxy: ['loopback'] });
  server = await startServer(t.app, t);
  trpc = trpcAt(server.url);
});
afterAll(async () => {
  await server.close();
  await t.db.destroy();
});

const password = 'Sekret#2026x';
let n = 0;

interface Login {
  token: string;
  refresh: string;
}

async function signUp(ua = CHROME_ANDROID, ip = '198.51.100.1'): Promise<{ email: string } & Login> {
  n += 1;
  const email = `seanca${n}@example.com`;
  const res = await fetch(`${server.url}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': ua, 'x-forwarded-for': ip },
    body: JSON.stringify({ firstName: 'Arta', lastName: 'Berisha', email, phoneNumber: '+38344123456', password }),
  });
  expect(res.status).toBe(201);
  const refresh = /RefreshToken=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))![1]!;
  return { email, token: ((await res.json()) as { token: string }).token, refresh };
}

async function login(
  email: string,
  ua: string,
  ip = '203.0.113.7',
  pass = password,
): Promise<Login & { status: number }> {
  const res = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': ua, 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password: pass }),
  });
  const refresh = /RefreshToken=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1] ?? '';
  const body = (await res.json()) as { token?: string };
  return { status: res.status, token: body.token ?? '', refresh };
}

const get = (path: string, token: string) =>
  fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
const send = (method: string, path: string, token: string) =>
  fetch(`${server.url}/api${path}`, { method, headers: { authorization: `Bearer ${token}` } });
const profileStatus = async (token: string) => (await get('/users/profile', token)).status;
const trpcProfileStatus = async (token: string) => (await trpc('accounts.profile', 'query', undefined, token)).status;

interface Session {
  id: number;
  device: string;
  address: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}
const sessionsOf = async (token: string) => (await (await get('/users/sessions', token)).json()) as Session[];
const familyOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { fid: string }).fid;

describe('the account’s sessions', () => {
  it('lists each live session with its device, address and times, the current one marked, nothing secret', async () => {
    const phone = await signUp(CHROME_ANDROID, '198.51.100.1');
    const pc = await login(phone.email, FIREFOX_WINDOWS, '203.0.113.7');
    const res = await get('/users/sessions', pc.token);
    expect(res.status).toBe(200);
    const text = await res.text();
    const list = JSON.parse(text) as Session[];
    expect(list).toHaveLength(2);
    const byDevice = Object.fromEntries(list.map((s) => [s.device, s]));
    expect(byDevice['Chrome në Android']).toMatchObject({ address: '198.51.100.1', current: false });
    expect(byDevice['Firefox në Windows']).toMatchObject({ address: '203.0.113.7', current: true });
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(['address', 'current', 'device', 'id', 'lastSeenAt', 'signedInAt']);
      expect(Date.parse(s.signedInAt)).not.toBeNaN();
    }
    for (const secret of [phone.refresh, pc.refresh, familyOf(phone.token), familyOf(pc.token), phone.token])
      expect(text).not.toContain(secret);
    // The tRPC door answers the same list.
    const viaTrpc = await trpc('accounts.mySessions', 'query', undefined, phone.token);
    expect((viaTrpc.data as Session[]).map((s) => s.id).sort()).toEqual(list.map((s) => s.id).sort());
  });

  it('ending one session refuses its access token at once on both doors; the current one keeps working', async () => {
    const phone = await signUp(CHROME_ANDROID);
    const pc = await login(phone.email, FIREFOX_WINDOWS);
    const tablet = await login(phone.email, SAFARI_MAC);
    const list = await sessionsOf(pc.token);
    const phoneSession = list.find((s) => s.device === 'Chrome në Android')!;
    const ended = await send('DELETE', `/users/sessions/${phoneSession.id}`, pc.token);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ ended: 1 });
    expect(await profileStatus(phone.token)).toBe(401);
    expect(await trpcProfileStatus(phone.token)).toBe(401);
    // Its refresh token is dead too.
    const refreshed = await fetch(`${server.url}/api/users/refresh-token`, {
      method: 'POST',
      headers: { cookie: `RefreshToken=${phone.refresh}` },
    });
    expect(refreshed.status).toBe(401);
    // Through the tRPC door: the tablet ends.
    const tabletSession = list.find((s) => s.device === 'Safari në Mac OS')!;
    const viaTrpc = await trpc('accounts.endSession', 'mutation', { id: tabletSession.id }, pc.token);
    expect(viaTrpc.status).toBe(200);
    expect(await profileStatus(tablet.token)).toBe(401);
    expect(await trpcProfileStatus(tablet.token)).toBe(401);
    expect(await profileStatus(pc.token)).toBe(200);
    expect(await trpcProfileStatus(pc.token)).toBe(200);
    expect((await sessionsOf(pc.token)).map((s) => s.device)).toEqual(['Firefox në Windows']);
    // Ending it again, or an unknown number: 404.
    expect((await send('DELETE', `/users/sessions/${phoneSession.id}`, pc.token)).status).toBe(404);
    expect((await send('DELETE', '/users/sessions/abc', pc.token)).status).toBe(400);
  });

  it('ends every other session (REST and tRPC) and keeps this one', async () => {
    const first = await signUp(CHROME_ANDROID);
    const others = [await login(first.email, FIREFOX_WINDOWS), await login(first.email, SAFARI_MAC)];
    const here = await login(first.email, FIREFOX_WINDOWS, '192.0.2.10');
    const res = await send('POST', '/users/sessions/end-others', here.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 3 });
    for (const o of [first, ...others]) {
      expect(await profileStatus(o.token)).toBe(401);
      expect(await trpcProfileStatus(o.token)).toBe(401);
    }
    expect(await profileStatus(here.token)).toBe(200);
    expect(await sessionsOf(here.token)).toEqual([expect.objectContaining({ address: '192.0.2.10', current: true })]);
    const again = await trpc('accounts.endOtherSessions', 'mutation', undefined, here.token);
    expect(again).toMatchObject({ status: 200, data: { ended: 0 } });
  });

  it('needs a signed-in caller', async () => {
    expect((await fetch(`${server.url}/api/users/sessions`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/users/sessions/end-others`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${server.url}/api/users/sign-ins`)).status).toBe(401);
  });
});

describe('staff sessions, for administrators only', () => {
  it('the administrator lists a staff member’s sessions and sign-ins and ends them all, on both doors', async () => {
    const admin = await createAdmin(t);
    const staff = await createStaff(t);
    const phone = await login(staff.email, CHROME_ANDROID, '198.51.100.20', staff.password);
    const pc = await login(staff.email, FIREFOX_WINDOWS, '198.51.100.21', staff.password);
    const listed = (await (await get(`/Users/${staff.userId}/sessions`, admin.token)).json()) as Session[];
    expect(listed.map((s) => s.device)).toEqual(
      expect.arrayContaining(['Chrome në Android', 'Firefox në Windows', 'Pajisje e panjohur']),
    );
    expect(listed.every((s) => !s.current)).toBe(true);
    const signIns = (await (await get(`/Users/${staff.userId}/sign-ins`, admin.token)).json()) as SignIn[];
    expect(signIns.map((s) => s.address)).toEqual(['198.51.100.21', '198.51.100.20']);
    const viaTrpc = await trpc('users.sessions', 'query', { id: staff.userId }, admin.token);
    expect((viaTrpc.data as Session[]).length).toBe(3);

    const ended = await send('POST', `/Users/${staff.userId}/end-sessions`, admin.token);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ ended: 3 });
    for (const token of [staff.token, phone.token, pc.token]) {
      expect(await profileStatus(token)).toBe(401);
      expect(await trpcProfileStatus(token)).toBe(401);
    }
    expect(await profileStatus(admin.token)).toBe(200);
    // The tRPC door ends the sessions of another staff member.
    const other = await createStaff(t);
    const viaTrpcEnd = await trpc('users.endAllSessions', 'mutation', { id: other.userId }, admin.token);
    expect(viaTrpcEnd).toMatchObject({ status: 200, data: { ended: 1 } });
    expect(await trpcProfileStatus(other.token)).toBe(401);
  });

  it('refuses customers’ accounts (403) and unknown users (404)', async () => {
    const admin = await createAdmin(t);
    const customer = await createCustomer(t);
    expect((await get(`/Users/${customer.userId}/sessions`, admin.token)).status).toBe(403);
    expect((await send('POST', `/Users/${customer.userId}/end-sessions`, admin.token)).status).toBe(403);
    expect(await profileStatus(customer.token)).toBe(200);
    expect((await get('/Users/999999/sessions', admin.token)).status).toBe(404);
    expect((await get('/Users/999999/sign-ins', admin.token)).status).toBe(404);
  });

  it('staff can neither list nor end another account’s sessions (403, and 404 for another’s session number)', async () => {
    const staff = await createStaff(t);
    const colleague = await createStaff(t);
    const colleagueLogin = await login(colleague.email, FIREFOX_WINDOWS, '203.0.113.9', colleague.password);
    expect((await get(`/Users/${colleague.userId}/sessions`, staff.token)).status).toBe(403);
    expect((await get(`/Users/${colleague.userId}/sign-ins`, staff.token)).status).toBe(403);
    expect((await send('POST', `/Users/${colleague.userId}/end-sessions`, staff.token)).status).toBe(403);
    expect((await trpc('users.sessions', 'query', { id: colleague.userId }, staff.token)).status).toBe(403);
    expect((await trpc('users.endAllSessions', 'mutation', { id: colleague.userId }, staff.token)).status).toBe(403);
    const theirs = (await sessionsOf(colleagueLogin.token)).find((s) => s.current)!;
    expect((await send('DELETE', `/users/sessions/${theirs.id}`, staff.token)).status).toBe(404);
    expect((await trpc('accounts.endSession', 'mutation', { id: theirs.id }, staff.token)).status).toBe(404);
    expect(await profileStatus(colleagueLogin.token)).toBe(200);
    expect(staff.roleID).toBe(ROLE_STAFF);
  });
});

interface SignIn {
  id: number;
  ok: boolean;
  method: string;
  device: string;
  address: string | null;
  at: string;
}

describe('sign-in history and the new-device e-mail', () => {
  const mailsTo = (email: string) =>
    t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', email)
      .where('kind', '=', 'new_device_sign_in')
      .execute();

  it('records successes and failures with time, address and device, newest first', async () => {
    const me = await signUp(CHROME_ANDROID, '198.51.100.30');
    expect((await login(me.email, FIREFOX_WINDOWS, '198.51.100.31', 'Gabim#2026x')).status).toBe(401);
    expect((await login(me.email, FIREFOX_WINDOWS, '198.51.100.32')).status).toBe(200);
    const list = (await (await get('/users/sign-ins', me.token)).json()) as SignIn[];
    expect(list.map(({ ok, method, device, address }) => ({ ok, method, device, address }))).toEqual([
      { ok: true, method: 'password', device: 'Firefox në Windows', address: '198.51.100.32' },
      { ok: false, method: 'password', device: 'Firefox në Windows', address: '198.51.100.31' },
      { ok: true, method: 'signup', device: 'Chrome në Android', address: '198.51.100.30' },
    ]);
    expect(Date.parse(list[0]!.at)).toBeGreaterThanOrEqual(Date.parse(list[2]!.at));
    const viaTrpc = await trpc('accounts.mySignIns', 'query', undefined, me.token);
    expect(viaTrpc.data).toEqual(list);
    // An unknown address records nothing anywhere.
    const before = await t.db
      .selectFrom('sign_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect((await login('nobody-here@example.com', FIREFOX_WINDOWS)).status).toBe(401);
    const after = await t.db
      .selectFrom('sign_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after!.n)).toBe(Number(before!.n));
  });

  it('shows the last 10', async () => {
    const me = await signUp(CHROME_ANDROID);
    for (let i = 0; i < 11; i += 1)
      expect((await login(me.email, CHROME_ANDROID, `198.51.100.${100 + i}`)).status).toBe(200);
    const list = (await (await get('/users/sign-ins', me.token)).json()) as SignIn[];
    expect(list).toHaveLength(10);
    expect(list[0]!.address).toBe('198.51.100.110');
    expect(list[9]!.address).toBe('198.51.100.101');
  });

  it('queues one e-mail for a new device, not for the first device nor the same device again; nothing secret', async () => {
    const me = await signUp(CHROME_ANDROID, '198.51.100.40');
    await login(me.email, CHROME_ANDROID, '198.51.100.41');
    expect(await mailsTo(me.email)).toHaveLength(0);
    const pc = await login(me.email, FIREFOX_WINDOWS, '203.0.113.50');
    await login(me.email, FIREFOX_WINDOWS, '203.0.113.51');
    expect((await login(me.email, SAFARI_MAC, '203.0.113.52', 'Gabim#2026x')).status).toBe(401); // failures mail nothing
    const mails = await mailsTo(me.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Hyrje e re në llogarinë tuaj Butiku');
    expect(mail.text_body).toContain('Firefox në Windows');
    expect(mail.text_body).toContain('203.0.113.50');
    expect(mail.html).toContain('Firefox në Windows');
    for (const secret of [pc.token, pc.refresh, familyOf(pc.token), me.refresh, password])
      expect(`${mail.subject}${mail.html}${mail.text_body}`).not.toContain(secret);
    expect(mail.secret_kind).toBeNull();
  });
});

describe('bounded writes', () => {
  it('"last seen" is written at most once a minute, not on every request', async () => {
    const me = await signUp(CHROME_ANDROID);
    const fid = familyOf(me.token);
    const lastSeen = async () =>
      (
        await t.db
          .selectFrom('login_sessions')
          .select('last_seen_at')
          .where('family_id', '=', fid)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const setLastSeen = (at: string) =>
      t.db.updateTable('login_sessions').set({ last_seen_at: at }).where('family_id', '=', fid).execute();
    const thirtySecondsAgo = new Date(Date.now() - 30_000).toISOString();
    await setLastSeen(thirtySecondsAgo);
    expect(await profileStatus(me.token)).toBe(200);
    expect(await lastSeen()).toBe(thirtySecondsAgo);
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await setLastSeen(twoMinutesAgo);
    expect(await profileStatus(me.token)).toBe(200);
    const seen = await lastSeen();
    expect(Date.parse(seen)).toBeGreaterThan(Date.now() - 10_000);
    expect(await profileStatus(me.token)).toBe(200);
    expect(await lastSeen()).toBe(seen);
  });

  it('keeps the newest 50 sign-ins of an account', async () => {
    const me = await createCustomer(t);
    for (let i = 0; i < 55; i += 1)
      await recordSignIn(t.db, {
        userId: me.userId,
        ok: i % 2 === 0,
        method: 'password',
        ip: `10.0.0.${i}`,
        userAgent: SAFARI_MAC,
      });
    const rows = await t.db
      .selectFrom('sign_ins')
      .select(['ip'])
      .where('user_id', '=', me.userId)
      .orderBy('sign_in_id')
      .execute();
    expect(rows).toHaveLength(50);
    expect(rows[0]!.ip).toBe('10.0.0.5');
    expect(rows[49]!.ip).toBe('10.0.0.54');
    expect(
      await recordSignIn(t.db, {
        email: 'unknown-person@example.com',
        ok: false,
        method: 'password',
        ip: '10.0.0.1',
        userAgent: null,
      }),
    ).toEqual({ newDeviceMail: false });
  });
});
