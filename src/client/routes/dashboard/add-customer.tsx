// /dashboard/add-customer: create a user with a role.
import { createFileRoute } from '@tanstack/react-router';
import { UserFormScreen } from '../../features/dashboard-sales/users';

export const Route = createFileRoute('/dashboard/add-customer')({ component: () => <UserFormScreen /> });
