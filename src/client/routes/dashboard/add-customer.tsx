// /dashboard/add-customer: create a user with a role (administrators only).
import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '#client/components/dashboard/admin-only';
import { UserFormScreen } from '#client/features/customers/users';

export const Route = createFileRoute('/dashboard/add-customer')({
  component: () => (
    <AdminOnly>
      <UserFormScreen />
    </AdminOnly>
  ),
});
