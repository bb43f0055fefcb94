// "Historiku": an entity screen's link to the audit trail filtered to that entity (decision 228). Shown to
// administrators only (the trail is theirs; the server refuses anyone else).
import { Link } from '@tanstack/react-router';
import { staffMessages } from '#shared/messages-staff';
import { ROLE_ADMIN } from '#shared/roles';
import type { AuditEntity } from '#shared/schemas/audit';
import { useSession } from '#client/lib/session';

export function HistoryLink({ entity, id }: { entity: AuditEntity; id: number }) {
  if (useSession()?.roleID !== ROLE_ADMIN) return null;
  return (
    <Link
      to="/dashboard/audit"
      search={{ entity, entityId: id }}
      className="dash-btn dash-btn--sm"
      data-testid="history-link"
    >
      {staffMessages.audit.history}
    </Link>
  );
}
