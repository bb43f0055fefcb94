// /dashboard/customers: the user list (administrators only).
import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '../../components/dashboard/admin-only';
import { UserList } from '../../features/dashboard-sales/users';

export const Route = createFileRoute('/dashboard/customers')({
  component: () => (
    <AdminOnly>
      <UserList />
    </AdminOnly>
  ),
});
