// /dashboard layout route: the staff guard (profile roleID 2 or 3, else /account) and the dashboard frame.
// Loaded only on /dashboard (its own chunk); storefront files never import dashboard code.
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { checkDashboardAccess } from '../../features/dashboard/access';
import { DashboardLayout } from '../../features/dashboard/dashboard-layout';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: async () => {
    if (!(await checkDashboardAccess())) throw redirect({ to: '/account' as '/' });
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  return (
    <DashboardLayout>
      <Outlet />
    </DashboardLayout>
  );
}
