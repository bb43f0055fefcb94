// /dashboard/gift-cards: gift cards, their balances and the issue form with the printable card (decision 274).
// Administrators only, as the server's operations are.
import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '#client/components/dashboard/admin-only';
import { GiftCardsScreen } from '#client/features/gift-cards/gift-cards';

export const Route = createFileRoute('/dashboard/gift-cards')({ component: GiftCardsRoute });

function GiftCardsRoute() {
  return (
    <AdminOnly>
      <GiftCardsScreen />
    </AdminOnly>
  );
}
