// /dashboard/edit-event/$id: edit form for one record.
import { createFileRoute } from '@tanstack/react-router';
import { EventForm } from '#client/features/reference-lists/reference-screens';

export const Route = createFileRoute('/dashboard/edit-event/$id')({
  component: function EditRoute() {
    const { id } = Route.useParams();
    const n = Number(id);
    return <EventForm id={Number.isInteger(n) && n > 0 ? n : -1} />;
  },
});
