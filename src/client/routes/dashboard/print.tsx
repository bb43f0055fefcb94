// /dashboard/print?ids=12,13&kind=slips|packing: delivery slips (A6) or a packing list (A4), without the dashboard frame.
import { createFileRoute } from '@tanstack/react-router';
import { PrintOrders, type PrintKind } from '#client/features/orders/print-orders';
import { parseId } from '#shared/ids';
import { PRINT_MAX_ORDERS } from '#shared/limits';

export const Route = createFileRoute('/dashboard/print')({
  validateSearch: (input: Record<string, unknown>): { ids: string; kind: PrintKind } => ({
    ids: typeof input.ids === 'string' || typeof input.ids === 'number' ? String(input.ids) : '',
    kind: input.kind === 'packing' ? 'packing' : 'slips',
  }),
  component: PrintRoute,
});

function PrintRoute() {
  const { ids, kind } = Route.useSearch();
  const parsed = [
    ...new Set(
      ids
        .split(',')
        .map((x) => parseId(x.trim()))
        .filter((x): x is number => x !== null),
    ),
  ].slice(0, PRINT_MAX_ORDERS);
  return <PrintOrders ids={parsed} kind={kind} />;
}
