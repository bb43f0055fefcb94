// REST adapters of the contact module: POST /api/Contact (public); GET, PUT mark-replied and DELETE (staff).
import type { Hono } from 'hono';
import { messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { ContactInput } from '../../../shared/schemas/contact';
import { staffRoutes } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { rateLimit } from '../../http/rate-limit';
import { listJson, parseInput, pathId, queryRecord, readJson } from '../../http/request';
import { ListMessagesInput } from '../../../shared/schemas/paging';
import * as contact from './contact.service';

export function mountContactRest(api: Hono<AppEnv>): void {
  const staff = staffRoutes(api);
  api.post('/Contact', rateLimit('contact'), async (c) => {
    const input = parseInput(ContactInput, await readJson(c));
    const saved = await contact.sendMessage(c.var.deps.db, input, c.var.deps.config);
    return c.json({ Message: messages.contact.success, contact: saved }, 201);
  });
  staff.get('/Contact', async (c) => {
    return listJson(c, await contact.listMessages(c.var.deps.db, parseInput(ListMessagesInput, queryRecord(c))));
  });
  staff.put('/Contact/mark-replied/:id', async (c) => {
    return c.json(await contact.markReplied(c.var.deps.db, pathId(c, 'id')));
  });
  staff.delete('/Contact/:id', async (c) => {
    const id = pathId(c, 'id');
    await contact.deleteMessage(c.var.deps.db, id);
    return c.json({ Message: staffMessages.dashboard.deleted, contactID: id });
  });
}
