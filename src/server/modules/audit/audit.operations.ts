// The administrators' audit trail screen (decision 228): GET /api/Audit (paged, filtered by person, entity and
// date). Read only: no operation updates or deletes an audit row.
import { z } from 'zod';
import { ListAuditInput } from '#shared/schemas/audit';
import { AuditPageReply, AuditRowReply } from '#shared/dto/audit';
import { query } from '#server/operations/define';
import { listReply } from '#server/operations/rest-shapes';
import { displayNames } from '../accounts';
import { auditPage } from './audit.service';

export const auditOperations = {
  page: query({
    access: 'admin',
    input: ListAuditInput,
    output: AuditPageReply,
    run: (caller, input) => auditPage(caller.db, input, (ids) => displayNames(caller, ids)),
    rest: { method: 'GET', path: '/Audit', reply: listReply, output: z.array(AuditRowReply) },
  }),
};
