// The caller's role is the database's current one: demotion and deletion apply on the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_CUSTOMER } from '#shared/roles';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createStaff } from '#server/testing/auth';
import { setUserRole } from '#server/testing/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.destroy());

describe('actor resolution', () => {
  it('lets staff in, then refuses the same token once the user is demoted (REST and tRPC)', async () => {
    const staff = await createStaff(t);
    expect((await t.request('/api/Contact', { token: staff.token })).status).toBe(200);
    expect((await t.request('/api/trpc/contact.list', { token: staff.token })).status).toBe(200);

    await setUserRole(t.db, staff.userId, ROLE_CUSTOMER);
    expect((await t.request('/api/Contact', { token: staff.token })).status).toBe(403);
    expect((await t.request('/api/trpc/contact.list', { token: staff.token })).status).toBe(403);
  });

  it('treats the token of a deleted user as no token (401)', async () => {
    const staff = await createStaff(t);
    await t.db.deleteFrom('users').where('user_id', '=', staff.userId).execute();
    expect((await t.request('/api/Contact', { token: staff.token })).status).toBe(401);
    expect((await t.request('/api/users/profile', { token: staff.token })).status).toBe(401);
  });
});
