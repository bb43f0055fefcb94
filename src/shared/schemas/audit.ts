// Inputs of the audit trail screen (/dashboard/audit, decision 228): the paging contract (decision 134) plus filters
// by person, entity (and one entity's id: an entity screen's "Historiku" link) and shop-time date range.
import { z } from 'zod';
import { messages } from '../messages';
import { staffMessages } from '../messages-staff';
import { dateField } from './discounts';
import { idSchema } from './numbers';
import { pagingFields } from './paging';

import { AUDIT_ENTITIES } from '../audit-entities';

export type { AuditEntity } from '../audit-entities';

/** GET /api/Audit and audit.page. */
export const ListAuditInput = z
  .object({
    ...pagingFields,
    actorId: idSchema().optional(),
    entity: z.enum(AUDIT_ENTITIES, { message: messages.common.invalidInput }).optional(),
    entityId: idSchema().optional(),
    from: dateField.optional(),
    to: dateField.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: staffMessages.audit.badRange, path: ['to'] })
  .default({});
export type ListAuditInput = z.infer<typeof ListAuditInput>;
