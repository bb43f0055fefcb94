// /cart: the cart rows and the checkout overlay (opened at once by /cart?checkout=true, the mini-cart's
// checkout button); a placed order leads to its confirmation page.
import { pages } from '#shared/pages';
import { useEffect, useState } from 'react';
import { parseCartSearch } from '#shared/page-search';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { clearCart, useCartItems } from '../lib/cart-store';
import { CartView } from '../features/cart/cart-view';
import { CheckoutDialog } from '../features/checkout/checkout-dialog';
import { routeHead } from './-page-data';

export const Route = createFileRoute('/cart')({
  validateSearch: parseCartSearch,
  head: routeHead(pages.cart),
  component: CartPage,
});

function CartPage() {
  const items = useCartItems();
  const checkout = Route.useSearch({ select: (s) => parseCartSearch(s).checkout });
  const [open, setOpen] = useState(checkout === true);
  const navigate = useNavigate();
  useEffect(() => {
    // The overlay is open; the address bar drops the request so a reload shows the cart.
    if (checkout) void navigate({ to: '/cart', search: {}, replace: true });
  }, [checkout, navigate]);
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
