// REST adapters of the dashboard users module for the documented /api paths (administrators only).
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { adminOf } from '../../http/auth';
import { pathId, readJson } from '../../http/request';
import * as svc from './users.service';

export function mountUsersRest(api: Hono<AppEnv>): void {
  api.get('/Users', async (c) => {
    return c.json(await svc.listUsers(c.var.deps, adminOf(c)));
  });
  api.post('/Users/register', async (c) => {
    return c.json(await svc.createUser(c.var.deps, adminOf(c), await readJson(c)), 201);
  });
  api.get('/Users/:id', async (c) => {
    return c.json(await svc.getUser(c.var.deps, adminOf(c), pathId(c, 'id')));
  });
  api.put('/Users/:id', async (c) => {
    return c.json(await svc.updateUser(c.var.deps, adminOf(c), pathId(c, 'id'), await readJson(c)));
  });
  api.delete('/Users/:id', async (c) => {
    await svc.deleteUser(c.var.deps, adminOf(c), pathId(c, 'id'));
    return c.body(null, 204);
  });
}
