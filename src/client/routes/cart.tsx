// /cart: the cart rows and the checkout overlay; a placed order leads to its confirmation page.
import { useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { messages } from '../../shared/messages';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { clearCart, useCartItems } from '../lib/cart-store';
import { CartView } from '../features/cart/cart-view';
import { CheckoutDialog } from '../features/checkout/checkout-dialog';

export const Route = createFileRoute('/cart')({
  component: CartPage,
});

function CartPage() {
  useDocumentTitle(messages.cart.title);
  const items = useCartItems();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <CartView onCheckout={() => setOpen(true)} />
      <CheckoutDialog
        open={open && items.length > 0}
        onClose={() => setOpen(false)}
        items={items}
        onPlaced={(order) => {
          clearCart();
          setOpen(false);
          void navigate({ to: '/order-confirmation/$orderId', params: { orderId: order.orderId } });
        }}
      />
    </>
  );
}
