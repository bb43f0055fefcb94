// /dashboard/edit-size/$id: edit form for one record.
import { createFileRoute } from '@tanstack/react-router';
import { SizeForm } from '#client/features/reference-lists/reference-screens';

export const Route = createFileRoute('/dashboard/edit-size/$id')({
  component: function EditRoute() {
    const { id } = Route.useParams();
    const n = Number(id);
    return <SizeForm id={Number.isInteger(n) && n > 0 ? n : -1} />;
  },
});
