// /dashboard/edit-country/$id: edit form for one record.
import { createFileRoute } from '@tanstack/react-router';
import { CountryForm } from '#client/features/reference-lists/reference-screens';

export const Route = createFileRoute('/dashboard/edit-country/$id')({
  component: function EditRoute() {
    const { id } = Route.useParams();
    const n = Number(id);
    return <CountryForm id={Number.isInteger(n) && n > 0 ? n : -1} />;
  },
});
