// The audit trail (issue 28, decision 228): one append-only row per staff write, written in the write's transaction.
// Owner of the audit_log table. Its one public entry (docs/architecture.md rule 9); its door (audit.operations.ts) is
// mounted by the composition root, not exported here.
export { audited, recordAudit, requireAuditContext, type StateOf } from './audit.service';
export type { AuditState } from './audit-changes';
export { currentRequestContext, withRequestContext, type RequestContext } from './request-context';
