// /dashboard/security: staff security settings (administrators only): the two-step sign-in requirement (decision 225).
import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '#client/components/dashboard/admin-only';
import { SecuritySettings } from '#client/features/dashboard-security/security-settings';

export const Route = createFileRoute('/dashboard/security')({ component: Security });

function Security() {
  return (
    <AdminOnly>
      <SecuritySettings />
    </AdminOnly>
  );
}
