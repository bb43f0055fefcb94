// REST adapters of staff events (staff only): parse -> service -> DTO.
import type { Hono } from 'hono';
import { EventInput } from '../../../../shared/schemas/catalog-admin';
import { staffRoutes } from '../../../http/auth';
import type { AppEnv } from '../../../http/env';
import { parseInput, pathId, readJson } from '../../../http/request';
import * as svc from './events.service';

export function mountEventsRest(api: Hono<AppEnv>): void {
  staffRoutes(api)
    .get('/Event/:id', async (c) => c.json(await svc.eventById(c.var.deps, pathId(c, 'id'))))
    .post('/Event', async (c) =>
      c.json(await svc.createEvent(c.var.deps, parseInput(EventInput, await readJson(c)).eventName), 201),
    )
    .put('/Event/:id', async (c) => {
      const id = pathId(c, 'id');
      return c.json(await svc.updateEvent(c.var.deps, id, parseInput(EventInput, await readJson(c)).eventName));
    })
    .delete('/Event/:id', async (c) => c.json(await svc.deleteEvent(c.var.deps, pathId(c, 'id'))));
}
