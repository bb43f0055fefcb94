// /dashboard/audit?actorId=&entity=&entityId=&from=&to=: the audit trail (administrators only; the server checks too).
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { isIsoDate } from '#shared/dates';
import { parseId } from '#shared/ids';
import { AUDIT_ENTITIES, type AuditEntity } from '#shared/audit-entities';
import { AdminOnly } from '#client/components/dashboard/admin-only';
import { AuditLog, type AuditFilters } from '#client/features/audit/audit-log';

const id = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' ? (parseId(String(v)) ?? undefined) : undefined;
const day = (v: unknown) => (typeof v === 'string' && isIsoDate(v) ? v : undefined);

export const Route = createFileRoute('/dashboard/audit')({
  validateSearch: (input: Record<string, unknown>): AuditFilters => ({
    actorId: id(input.actorId),
    entity: AUDIT_ENTITIES.includes(input.entity as AuditEntity) ? (input.entity as AuditEntity) : undefined,
    entityId: id(input.entityId),
    from: day(input.from),
    to: day(input.to),
  }),
  component: AuditRoute,
});

function AuditRoute() {
  const filters = Route.useSearch();
  const navigate = useNavigate({ from: '/dashboard/audit' });
  return (
    <AdminOnly>
      <AuditLog filters={filters} onFilters={(f) => void navigate({ search: f })} />
    </AdminOnly>
  );
}
