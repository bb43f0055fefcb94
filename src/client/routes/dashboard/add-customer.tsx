// /dashboard/add-customer: create a user with a role (administrators only).
import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '../../components/dashboard/admin-only';
import { UserFormScreen } from '../../features/customers/users';

export const Route = createFileRoute('/dashboard/add-customer')({
  component: () => (
    <AdminOnly>
      <UserFormScreen />
    </AdminOnly>
  ),
});
