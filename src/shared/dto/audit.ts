// The audit trail screen's answers (/dashboard/audit, decision 228): one zod schema each, its type inferred (decision
// 264); the schemas document the answers in /api/openapi.json.
import { z } from 'zod';
import { AUDIT_ENTITIES } from '../audit-entities';

export const AuditRowReply = z.object({
  auditID: z.number(),
  createdAt: z.string(),
  actorID: z.number().nullable(),
  /** The person's name now (null: unknown or deleted account, or no signed-in caller). */
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entityID: z.number(),
  action: z.string(),
  /** The changed fields, each [before, after] (secrets shown only as "[secret]"). */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export type AuditRowDto = z.infer<typeof AuditRowReply>;

export const AuditPageReply = z.object({
  items: z.array(AuditRowReply),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The people who wrote anything, for the person filter. */
  people: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type AuditPageDto = z.infer<typeof AuditPageReply>;
