// /dashboard/edit-category/$id: edit form for one record.
import { createFileRoute } from '@tanstack/react-router';
import { CategoryForm } from '#client/features/reference-lists/category-screens';

export const Route = createFileRoute('/dashboard/edit-category/$id')({
  component: function EditRoute() {
    const { id } = Route.useParams();
    const n = Number(id);
    return <CategoryForm id={Number.isInteger(n) && n > 0 ? n : -1} />;
  },
});
