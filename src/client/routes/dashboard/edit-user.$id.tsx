// /dashboard/edit-user/{id}: edit a user (no password; administrators only); a staff member's sessions and sign-ins; reset
// their second factor.
import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '#client/components/dashboard/admin-only';
import { UserFormScreen } from '#client/features/customers/users';
import { StaffSessionsPanel } from '#client/features/customers/user-sessions';
import { UserSecondFactor } from '#client/features/dashboard-security/user-second-factor';
import { parseId } from '#shared/ids';

export const Route = createFileRoute('/dashboard/edit-user/$id')({ component: EditUser });

function EditUser() {
  const { id } = Route.useParams();
  return (
    <AdminOnly>
      <UserFormScreen id={parseId(id) ?? -1} />
      <StaffSessionsPanel id={parseId(id) ?? -1} />
      <UserSecondFactor userId={parseId(id) ?? -1} />
    </AdminOnly>
  );
}
