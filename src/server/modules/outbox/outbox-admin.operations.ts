// The staff outbox screen's operations (decision 211): GET /api/Emails (paged, searchable, ?status=),
// GET /api/Emails/{id} (with the rendered HTML and text), POST /api/Emails/{id}/resend (failed messages only).
import { ListOutboxInput, OutboxIdInput } from '#shared/schemas/outbox';
import { mutation, query } from '#server/operations/define';
import { listReply, pathIds } from '#server/operations/rest-shapes';
import * as outbox from './outbox-admin.service';
import { OutboxMessageReply, OutboxRowReply } from '#shared/dto/outbox';
import { z } from 'zod';

const byId = pathIds({ id: 'id' });

export const outboxOperations = {
  page: query({
    access: 'staff',
    input: ListOutboxInput,
    run: (caller, input) => outbox.pageOutbox(caller.db, input),
    rest: { method: 'GET', path: '/Emails', reply: listReply, output: z.array(OutboxRowReply) },
  }),
  byId: query({
    access: 'staff',
    output: OutboxMessageReply,
    input: OutboxIdInput,
    run: (caller, input) => outbox.outboxMessage(caller.db, input.id),
    rest: { method: 'GET', path: '/Emails/:id', input: byId },
  }),
  resend: mutation({
    access: 'staff',
    output: OutboxMessageReply,
    input: OutboxIdInput,
    run: (caller, input) => outbox.resendFailed(caller.db, input.id),
    rest: { method: 'POST', path: '/Emails/:id/resend', input: byId },
  }),
};
