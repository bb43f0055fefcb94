// REST adapters of staff categories (staff only): parse -> service -> DTO.
import { idSchema } from '../../../../shared/schemas/numbers';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { CategoryInput } from '../../../../shared/schemas/catalog-admin';
import { staffRoutes } from '../../../http/auth';
import type { AppEnv } from '../../../http/env';
import { parseInput, pathId, readJson } from '../../../http/request';
import * as svc from './categories.service';

const BodyCategoryId = z.object({ categoryID: idSchema() });
const putCategory = async (c: Context<AppEnv>, id: number, body: unknown) =>
  c.json(await svc.updateCategory(c.var.deps, id, parseInput(CategoryInput, body)));

export function mountCategoriesRest(api: Hono<AppEnv>): void {
  staffRoutes(api)
    .post('/Category', async (c) =>
      c.json(await svc.createCategory(c.var.deps, parseInput(CategoryInput, await readJson(c))), 201),
    )
    .put('/Category/:id', async (c) => putCategory(c, pathId(c, 'id'), await readJson(c)))
    // The spec's form sends PUT /api/Category with categoryID in the body.
    .put('/Category', async (c) => {
      const body = await readJson(c);
      return putCategory(c, parseInput(BodyCategoryId, body).categoryID, body);
    })
    .delete('/Category/:id', async (c) => c.json(await svc.deleteCategory(c.var.deps, pathId(c, 'id'))));
}
