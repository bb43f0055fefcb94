// REST adapters of staff sizes (staff only): parse -> service -> DTO.
import type { Hono } from 'hono';
import { SizeInput } from '../../../../shared/schemas/catalog-admin';
import { staffRoutes } from '../../../http/auth';
import type { AppEnv } from '../../../http/env';
import { parseInput, pathId, readJson } from '../../../http/request';
import * as svc from './sizes.service';

export function mountSizesRest(api: Hono<AppEnv>): void {
  staffRoutes(api)
    .get('/Size/:id', async (c) => c.json(await svc.sizeById(c.var.deps, pathId(c, 'id'))))
    .post('/Size', async (c) =>
      c.json(await svc.createSize(c.var.deps, parseInput(SizeInput, await readJson(c)).sizeName), 201),
    )
    .put('/Size/:id', async (c) => {
      const id = pathId(c, 'id');
      return c.json(await svc.updateSize(c.var.deps, id, parseInput(SizeInput, await readJson(c)).sizeName));
    })
    .delete('/Size/:id', async (c) => c.json(await svc.deleteSize(c.var.deps, pathId(c, 'id'))));
}
