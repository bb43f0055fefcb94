// REST adapters of the staff outbox screen: GET /api/Emails (paged, searchable, ?status=), GET /api/Emails/{id}
// (with the rendered HTML and text), POST /api/Emails/{id}/resend (failed messages only). Staff only.
import type { Hono } from 'hono';
import { ListMailInput } from '../../../shared/schemas/mail';
import { staffRoutes } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { listJson, parseInput, pathId, queryRecord } from '../../http/request';
import * as outbox from './outbox-admin.service';

export function mountOutboxRest(api: Hono<AppEnv>): void {
  const staff = staffRoutes(api);
  staff.get('/Emails', async (c) =>
    listJson(c, await outbox.pageOutbox(c.var.deps.db, parseInput(ListMailInput, queryRecord(c)))),
  );
  staff.get('/Emails/:id', async (c) => c.json(await outbox.outboxMessage(c.var.deps.db, pathId(c, 'id'))));
  staff.post('/Emails/:id/resend', async (c) => c.json(await outbox.resendFailed(c.var.deps.db, pathId(c, 'id'))));
}
