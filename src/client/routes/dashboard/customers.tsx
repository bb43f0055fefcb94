// /dashboard/customers: every buyer (decision 256) and, on the second tab (?tab=accounts), the accounts list.
// Administrators only, as the server's operations are.
import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '#client/components/dashboard/admin-only';
import { CustomersScreen, type CustomersTab } from '#client/features/customers/customers';

export const Route = createFileRoute('/dashboard/customers')({
  validateSearch: (input: Record<string, unknown>): { tab?: 'accounts' } =>
    input.tab === 'accounts' ? { tab: 'accounts' } : {},
  component: CustomersRoute,
});

function CustomersRoute() {
  const { tab } = Route.useSearch();
  const current: CustomersTab = tab === 'accounts' ? 'accounts' : 'buyers';
  return (
    <AdminOnly>
      <CustomersScreen tab={current} />
    </AdminOnly>
  );
}
