// The audit trail screen's shapes (/dashboard/audit, decision 228).
import type { AuditEntity } from '../schemas/audit';

export interface AuditRowDto {
  auditID: number;
  createdAt: string;
  actorID: number | null;
  /** The person's name now (null: unknown or deleted account, or no signed-in caller). */
  actorName: string | null;
  ip: string | null;
  entity: AuditEntity;
  entityID: number;
  action: string;
  /** The changed fields, each [before, after] (secrets shown only as "[secret]"). */
  changes: Record<string, [unknown, unknown]>;
}

export interface AuditPageDto {
  items: AuditRowDto[];
  total: number;
  page: number;
  pageSize: number;
  /** The people who wrote anything, for the person filter. */
  people: Array<{ id: number; name: string }>;
}
