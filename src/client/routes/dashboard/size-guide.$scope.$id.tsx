// /dashboard/size-guide/$scope/$id: the size guide of one category or one product (created on first save).
import { createFileRoute, notFound } from '@tanstack/react-router';
import { SizeGuideEditor } from '#client/features/size-guides/size-guide-editor';

export const Route = createFileRoute('/dashboard/size-guide/$scope/$id')({
  params: {
    parse: ({ scope, id }) => {
      const n = Number(id);
      if ((scope !== 'category' && scope !== 'product') || !Number.isInteger(n) || n <= 0) throw notFound();
      return { scope: scope as 'category' | 'product', id: String(n) };
    },
    stringify: ({ scope, id }) => ({ scope, id }),
  },
  component: function SizeGuideRoute() {
    const { scope, id } = Route.useParams();
    return <SizeGuideEditor scope={scope} id={Number(id)} />;
  },
});
