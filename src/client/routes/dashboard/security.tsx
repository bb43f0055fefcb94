// /dashboard/security: staff security settings (administrators only): the two-step sign-in requirement (decision 225).
import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '../../components/dashboard/admin-only';
import { SecuritySettings } from '../../features/dashboard-security/security-settings';

export const Route = createFileRoute('/dashboard/security')({ component: Security });

function Security() {
  return (
    <AdminOnly>
      <SecuritySettings />
    </AdminOnly>
  );
}
