// /dashboard layout route: the staff guard (profile roleID 2 or 3, else /account; staff who must set up two-step
// sign-in first go to /profile) and the dashboard frame.
// Loaded only on /dashboard (its own chunk); storefront files never import dashboard code. /dashboard/print has no frame.
import { createFileRoute, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { checkDashboardAccess } from '#client/features/dashboard/access';
import { StepUpDialog } from '#client/components/ui/step-up-dialog';
import { DashboardLayout } from '#client/features/dashboard/dashboard-layout';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: async () => {
    const access = await checkDashboardAccess();
    // Staff who must set up two-step sign-in first (decision 225): the profile's panel leads them through it.
    if (access === 'secondFactor') throw redirect({ to: '/profile' });
    if (access === 'denied') throw redirect({ to: '/account' as '/' });
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  // The print view (delivery slips, packing list) is paper: no sidebar or top bar around it.
  const bare = useRouterState({ select: (st) => st.location.pathname.startsWith('/dashboard/print') });
  if (bare) return <Outlet />;
  return (
    <DashboardLayout>
      <Outlet />
      <StepUpDialog />
    </DashboardLayout>
  );
}
