// Screens only an administrator may use (user management, decision 032): others get a clear "no permission"
// page instead of a form that ends in 403. The server checks the role on every call regardless.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { staffMessages } from '#shared/messages-staff';
import { ROLE_ADMIN } from '#shared/roles';
import { useSession } from '#client/lib/session';
import { PageHeader } from './page-header';

const m = staffMessages.dashboard;

export function AdminOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session?.roleID === ROLE_ADMIN) return <>{children}</>;
  return (
    <section aria-labelledby="no-permission-title">
      <PageHeader title={m.noPermissionTitle} />
      <div className="dash-card" role="alert" id="no-permission-title">
        <p>{m.noPermissionText}</p>
        <p>
          <Link to="/dashboard" className="dash-btn dash-btn--primary">
            {m.backToOverview}
          </Link>
        </p>
      </div>
    </section>
  );
}
