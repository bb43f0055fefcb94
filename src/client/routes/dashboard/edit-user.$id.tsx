// /dashboard/edit-user/{id}: edit a user (no password).
import { createFileRoute } from '@tanstack/react-router';
import { UserFormScreen } from '../../features/dashboard-sales/users';
import { parseId } from '../../../shared/schemas/numbers';

export const Route = createFileRoute('/dashboard/edit-user/$id')({ component: EditUser });

function EditUser() {
  const { id } = Route.useParams();
  return <UserFormScreen id={parseId(id) ?? -1} />;
}
