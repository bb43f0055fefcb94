// The role check helper on both doors: 401 without a valid token, 403 for the wrong role, through tRPC and Hono.
import { createUser } from '#server/testing/auth';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_CUSTOMER, ROLE_STAFF } from '#shared/roles';
import { actorOf, adminRoutes, requireAdmin, requireStaff, resolveActor, staffRoutes } from '#server/http/auth';
import type { AppEnv } from '#server/http/env';
import { handleError } from '#server/http/errors';
import { createTestDeps } from '#server/testing/db';
import { adminProcedure, createCallerFactory, router, staffProcedure } from '#server/trpc/init';
import { requireActor, requireRole } from './roles';

const actor = (roleID: number) => ({ userId: 1, roleID });

describe('requireRole', () => {
  it('401 without an actor, 403 for a role outside the list, the actor otherwise', () => {
    expect(() => requireActor(null)).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }));
    expect(() => requireRole(null, [ROLE_STAFF])).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }));
    expect(() => requireRole(actor(ROLE_CUSTOMER), [ROLE_STAFF, ROLE_ADMIN])).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(() => requireRole(actor(ROLE_STAFF), [ROLE_ADMIN])).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(requireRole(actor(ROLE_ADMIN), [ROLE_STAFF, ROLE_ADMIN])).toEqual(actor(ROLE_ADMIN));
  });
});

describe('staff and admin procedures', () => {
  const r = router({ staffOnly: staffProcedure.query(() => 'ok'), adminOnly: adminProcedure.query(() => 'ok') });
  const caller = (a: ReturnType<typeof actor> | null) =>
    createCallerFactory(r)({
      actor: a,
      db: null as never,
      config: null as never,
      req: new Request('http://x'),
      resHeaders: new Headers(),
      clientIp: '127.0.0.1',
    });

  it('administrators may do what staff may, plus admin-only things; staff may not do admin things', async () => {
    await expect(caller(null).staffOnly()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(caller(actor(ROLE_CUSTOMER)).staffOnly()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller(actor(ROLE_STAFF)).staffOnly()).resolves.toBe('ok');
    await expect(caller(actor(ROLE_ADMIN)).staffOnly()).resolves.toBe('ok');
    await expect(caller(actor(ROLE_STAFF)).adminOnly()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller(actor(ROLE_ADMIN)).adminOnly()).resolves.toBe('ok');
  });
});

describe('REST guards', () => {
  it('answer 401/403 as JSON with the right status', async () => {
    const deps = await createTestDeps();
    const app = new Hono<AppEnv>();
    app.onError(handleError);
    app.use('*', async (c, next) => {
      c.set('deps', deps);
      await next();
    });
    app.use('*', resolveActor);
    staffRoutes(app).get('/staff', (c) => c.json({ who: actorOf(c).roleID }));
    adminRoutes(app).get('/admin', (c) => c.json({ who: actorOf(c).roleID }));
    app.use('/group/*', requireStaff);
    app.get('/group/x', (c) => c.text('ok'));
    app.use('/admins/*', requireAdmin);
    app.get('/admins/x', (c) => c.text('ok'));
    // Real users: the actor's role is read from the database, not from the token's claim.
    const users = new Map<number, string>();
    for (const roleID of [ROLE_CUSTOMER, ROLE_STAFF, ROLE_ADMIN])
      users.set(roleID, (await createUser(deps, { roleID })).token);
    const tok = async (roleID: number) => users.get(roleID)!;
    const get = async (path: string, roleID?: number) =>
      (await app.request(path, { headers: roleID ? { authorization: `Bearer ${await tok(roleID)}` } : {} })).status;
    expect(await get('/staff')).toBe(401);
    expect(await get('/staff', ROLE_CUSTOMER)).toBe(403);
    expect(await get('/staff', ROLE_STAFF)).toBe(200);
    expect(await get('/admin', ROLE_STAFF)).toBe(403);
    expect(await get('/admin', ROLE_ADMIN)).toBe(200);
    expect(await get('/group/x', ROLE_CUSTOMER)).toBe(403);
    expect(await get('/group/x', ROLE_ADMIN)).toBe(200);
    expect(await get('/admins/x', ROLE_STAFF)).toBe(403);
    expect(await get('/admins/x', ROLE_ADMIN)).toBe(200);
  });
});
