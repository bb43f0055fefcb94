// /checkout: the older standalone checkout screen (flat 5,00 € shipping).
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { messages } from '../../shared/messages';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { LegacyCheckout } from '../features/checkout/legacy-checkout';

export const Route = createFileRoute('/checkout')({
  component: CheckoutPage,
});

function CheckoutPage() {
  useDocumentTitle(messages.checkout.oldTitle);
  const navigate = useNavigate();
  return (
    <LegacyCheckout
      onPlaced={(order) => void navigate({ to: '/order-confirmation/$orderId', params: { orderId: order.orderId } })}
    />
  );
}
