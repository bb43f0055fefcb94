// HTTP contract of /api/Users (administrators only): list, create with a role, edit without password, delete, last admin kept.
import { serverErrorMessages } from '#shared/messages/server-errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { createAdmin, createCustomer, createStaff } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCountry, createProduct, placeCheckoutOrder } from '#server/testing/factories';
import { verifyPassword } from './passwords';

let t: TestApp;
let admin: { userId: number; token: string };
let staff: string;
let customer: { userId: number; token: string };

const json = async (r: Response) => (await r.json()) as any;
const newUser = (over: Record<string, unknown> = {}) => ({
  firstName: 'Blerta',
  lastName: 'Gashi',
  email: `blerta${Math.random().toString(36).slice(2, 8)}@example.com`,
  phoneNumber: '+38344555666',
  password: 'Fjalekalim#1',
  roleID: 2,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  staff = (await createStaff(t)).token;
  customer = await createCustomer(t);
});

describe('roles', () => {
  it.each([
    ['GET', '/api/Users'],
    ['POST', '/api/Users/register'],
    ['GET', '/api/Users/1'],
    ['PUT', '/api/Users/1'],
    ['DELETE', '/api/Users/1'],
  ])('%s %s: guest 401, customer 403, staff 403', async (method, path) => {
    const json = method === 'POST' || method === 'PUT' ? newUser() : undefined;
    expect((await t.request(path, { method, json })).status).toBe(401);
    expect((await t.request(path, { method, json, token: customer.token })).status).toBe(403);
    expect((await t.request(path, { method, json, token: staff })).status).toBe(403);
  });
});

describe('users', () => {
  it('lists users with role names and never a password hash', async () => {
    const r = await t.request('/api/Users', { token: admin.token });
    expect(r.status).toBe(200);
    const list = await json(r);
    const me = list.find((u: any) => u.userID === admin.userId);
    expect(me).toMatchObject({ roleID: 3, roleName: 'Administrator' });
    expect(JSON.stringify(list)).not.toMatch(/password/i);
  });

  it('creates a user with a role; password required; duplicate email 409; unknown role 400', async () => {
    const body = newUser();
    const r = await t.request('/api/Users/register', { method: 'POST', token: admin.token, json: body });
    expect(r.status).toBe(201);
    const u = await json(r);
    expect(u).toMatchObject({ firstName: 'Blerta', email: body.email, roleID: 2, roleName: 'Staf' });
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('user_id', '=', u.userID)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toBe(body.password);
    expect(await verifyPassword(row.password_hash!, body.password)).toBe(true);

    const missing = await t.request('/api/Users/register', {
      method: 'POST',
      token: admin.token,
      json: { ...newUser(), password: '', firstName: '', roleID: '' },
    });
    expect(missing.status).toBe(400);
    const errs = (await json(missing)).errors;
    expect(errs.password).toContain(messages.common.required);
    expect(errs.firstName).toBeDefined();
    expect(errs.roleID).toEqual([messages.common.required]);

    const dup = await t.request('/api/Users/register', {
      method: 'POST',
      token: admin.token,
      json: { ...newUser(), email: body.email.toUpperCase() },
    });
    expect(dup.status).toBe(409);
    expect(
      (await t.request('/api/Users/register', { method: 'POST', token: admin.token, json: newUser({ roleID: 9 }) }))
        .status,
    ).toBe(400);
    expect(
      (
        await t.request('/api/Users/register', {
          method: 'POST',
          token: admin.token,
          json: newUser({ email: 'not-an-email' }),
        })
      ).status,
    ).toBe(400);
  });

  it('gets and edits a user without touching the password; 404 / 409 / 400 cases', async () => {
    const body = newUser({ roleID: 1 });
    const u = await json(await t.request('/api/Users/register', { method: 'POST', token: admin.token, json: body }));
    const before = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('user_id', '=', u.userID)
      .executeTakeFirstOrThrow();
    expect((await json(await t.request(`/api/Users/${u.userID}`, { token: admin.token }))).email).toBe(body.email);

    const edit = {
      userID: u.userID,
      firstName: 'Blerina',
      lastName: 'Gashi',
      email: body.email,
      phoneNumber: '+38349000111',
      roleID: 2,
    };
    const r = await t.request(`/api/Users/${u.userID}`, { method: 'PUT', token: admin.token, json: edit });
    expect(r.status).toBe(200);
    expect(await json(r)).toMatchObject({ firstName: 'Blerina', phoneNumber: '+383 49 000 111', roleID: 2 });
    const after = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('user_id', '=', u.userID)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);

    const other = await json(
      await t.request('/api/Users/register', { method: 'POST', token: admin.token, json: newUser() }),
    );
    expect(
      (
        await t.request(`/api/Users/${u.userID}`, {
          method: 'PUT',
          token: admin.token,
          json: { ...edit, email: other.email.toUpperCase() },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await t.request('/api/Users/999999', {
          method: 'PUT',
          token: admin.token,
          json: { ...edit, userID: undefined },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request(`/api/Users/${u.userID}`, {
          method: 'PUT',
          token: admin.token,
          json: { ...edit, userID: other.userID },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request(`/api/Users/${u.userID}`, {
          method: 'PUT',
          token: admin.token,
          json: { ...edit, lastName: '' },
        })
      ).status,
    ).toBe(400);
    expect((await t.request('/api/Users/999999', { token: admin.token })).status).toBe(404);
  });

  it('saves an edit that sends back the grouped phone it loaded and a double last name (stored in one form)', async () => {
    const u = await json(
      await t.request('/api/Users/register', {
        method: 'POST',
        token: admin.token,
        json: newUser({ roleID: 1, phoneNumber: '044-100-202' }),
      }),
    );
    const loaded = await json(await t.request(`/api/Users/${u.userID}`, { token: admin.token }));
    expect(loaded.phoneNumber).toBe('+383 44 100 202'); // one form, E.164 (decision 246)
    const r = await t.request(`/api/Users/${u.userID}`, {
      method: 'PUT',
      token: admin.token,
      json: { ...loaded, lastName: 'Berisha-Test', roleID: 2 },
    });
    expect(r.status).toBe(200);
    expect(await json(r)).toMatchObject({ lastName: 'Berisha-Test', phoneNumber: '+383 44 100 202', roleID: 2 });
    const row = await t.db
      .selectFrom('users')
      .select(['phone_number', 'last_name'])
      .where('user_id', '=', u.userID)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ phone_number: '+38344100202', last_name: 'Berisha-Test' });
  });

  it('finds a user by phone however it is typed (decision 246)', async () => {
    const u = await json(
      await t.request('/api/Users/register', {
        method: 'POST',
        token: admin.token,
        json: newUser({ phoneNumber: '045 222 333' }),
      }),
    );
    for (const q of ['045 222 333', '+383 45 222 333', '+38345222333', '00383 45 222 333', '045-222-333']) {
      const r = await t.request(`/api/Users?q=${encodeURIComponent(q)}&page=1&pageSize=50`, { token: admin.token });
      expect([q, (await json(r)).map((x: { userID: number }) => x.userID)]).toEqual([q, [u.userID]]);
    }
  });

  it('never removes or demotes the last administrator, but does once there is another', async () => {
    const t2 = await createTestApp();
    const only = await createAdmin(t2);
    const demote = { firstName: 'Test', lastName: 'Admin', email: only.email, phoneNumber: '+38344123456', roleID: 2 };
    const r = await t2.request(`/api/Users/${only.userId}`, { method: 'PUT', token: only.token, json: demote });
    expect(r.status).toBe(409);
    expect((await json(r)).Message).toBe(staffMessages.dashboard.lastAdmin);
    expect((await t2.request(`/api/Users/${only.userId}`, { method: 'DELETE', token: only.token })).status).toBe(409);

    const second = await json(
      await t2.request('/api/Users/register', { method: 'POST', token: only.token, json: newUser({ roleID: 3 }) }),
    );
    expect(second.roleID).toBe(3);
    expect((await t2.request(`/api/Users/${second.userID}`, { method: 'DELETE', token: only.token })).status).toBe(204);
    // Back to one administrator: refused again.
    expect((await t2.request(`/api/Users/${only.userId}`, { method: 'DELETE', token: only.token })).status).toBe(409);
    const third = await json(
      await t2.request('/api/Users/register', { method: 'POST', token: only.token, json: newUser({ roleID: 3 }) }),
    );
    expect(
      (await t2.request(`/api/Users/${only.userId}`, { method: 'PUT', token: only.token, json: demote })).status,
    ).toBe(200);
    // Demoted: the old token still says administrator, but user management re-reads the role at once.
    const stale = await t2.request(`/api/Users/${third.userID}`, { method: 'DELETE', token: only.token });
    expect(stale.status).toBe(403);
    expect((await json(stale)).Message).toBe(serverErrorMessages.forbidden); // the door re-reads the role on every request
  });

  it('deletes a customer; their orders keep existing without the user', async () => {
    const u = await json(
      await t.request('/api/Users/register', { method: 'POST', token: admin.token, json: newUser({ roleID: 1 }) }),
    );
    // A real order placed by the signed-in customer (checkout links it to the account).
    const p = await createProduct(t.db);
    const placed = await placeCheckoutOrder(t, {
      countryId: await createCountry(t.db),
      items: [{ variantId: p.variantIds[0]! }],
      actor: { userId: u.userID, roleID: 1 },
    });
    const order = { order_id: placed.orderId };
    expect((await t.request(`/api/Users/${u.userID}`, { method: 'DELETE', token: admin.token })).status).toBe(204);
    expect((await t.request(`/api/Users/${u.userID}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
    const kept = await t.db
      .selectFrom('orders')
      .select('user_id')
      .where('order_id', '=', order.order_id)
      .executeTakeFirstOrThrow();
    expect(kept.user_id).toBeNull();
  });
});
