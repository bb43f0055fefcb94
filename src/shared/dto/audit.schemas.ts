// Answer schemas of the audit DTOs (audit.ts), each the interface's twin, for /api/openapi.json (decision 211).
import { z } from 'zod';
import { AUDIT_ENTITIES } from '../schemas/audit';
import type { AuditRowDto } from './audit';
import { twin } from './twin';

export const AuditRowReply = twin<AuditRowDto>()(
  z.object({
    auditID: z.number(),
    createdAt: z.string(),
    actorID: z.number().nullable(),
    actorName: z.string().nullable(),
    ip: z.string().nullable(),
    entity: z.enum(AUDIT_ENTITIES),
    entityID: z.number(),
    action: z.string(),
    changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  }),
);
