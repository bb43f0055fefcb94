// /dashboard/customers: the user list.
import { createFileRoute } from '@tanstack/react-router';
import { UserList } from '../../features/dashboard-sales/users';

export const Route = createFileRoute('/dashboard/customers')({ component: UserList });
