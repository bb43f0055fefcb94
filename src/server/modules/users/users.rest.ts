// REST adapters of the dashboard users module for the documented /api paths (administrators only).
import type { Hono } from 'hono';
import { CreateUserInput, UpdateUserInput } from '../../../shared/schemas/users';
import type { AppEnv } from '../../http/env';
import { adminRoutes } from '../../http/auth';
import { bodyWithPathId, listJson, parseInput, pathId, queryRecord, readJson } from '../../http/request';
import { ListUsersInput } from '../../../shared/schemas/paging';
import * as svc from './users.service';

export function mountUsersRest(api: Hono<AppEnv>): void {
  adminRoutes(api)
    .get('/Users', async (c) =>
      listJson(c, await svc.listUsers(c.var.deps, parseInput(ListUsersInput, queryRecord(c)))),
    )
    .post('/Users/register', async (c) =>
      c.json(await svc.createUser(c.var.deps, parseInput(CreateUserInput, await readJson(c))), 201),
    )
    .get('/Users/:id', async (c) => c.json(await svc.getUser(c.var.deps, pathId(c, 'id'))))
    .put('/Users/:id', async (c) => {
      const id = pathId(c, 'id');
      return c.json(
        await svc.updateUser(
          c.var.deps,
          id,
          parseInput(UpdateUserInput, bodyWithPathId(await readJson(c), 'userID', id)),
        ),
      );
    })
    .delete('/Users/:id', async (c) => {
      await svc.deleteUser(c.var.deps, pathId(c, 'id'));
      return c.body(null, 204);
    });
}
