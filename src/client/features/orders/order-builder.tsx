// Manual order builder (/dashboard/add-orders): product grid, colour then size, a cart of fixed-quantity lines,
// the customer form, shipping and total quoted by the server, and a result modal. Orders go through the
// storefront's checkout service (orders.placeManual), so stock and prices are checked the same way.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { staffMessages } from '#shared/messages-staff';
import { trpc } from '#client/lib/trpc';
import { PageHeader } from '#client/components/dashboard/page-header';
import { useDashboardSearch } from '#client/components/dashboard/search-store';
import { CustomerForm } from './order-builder-customer';
import { OrderCart, ProductGrid, ResultModal, VariantPicker } from './order-builder-parts';
import { useVariantPick, type Line } from './order-builder-pick';
import { useManualOrderSubmit } from './order-builder-submit';
import { useProductSearch } from '#client/components/dashboard/product-search';

const s = staffMessages.dashboardSales;

export function OrderBuilder() {
  const search = useDashboardSearch();
  const countries = useQuery(trpc.catalog.countries.queryOptions());
  const [query, setQuery] = useState('');
  // The dashboard's header search and the grid's own box narrow together (every word of both).
  const products = useProductSearch(`${search} ${query}`, { activeOnly: true });
  const [cart, setCart] = useState<Line[]>([]);
  const pick = useVariantPick(cart, (line) => setCart((old) => [...old, line]));
  const order = useManualOrderSubmit(cart);
  const countryID = Number(order.form.values.countryID) || null;
  const quote = useQuery({
    ...trpc.checkout.quote.queryOptions({
      items: cart.map((l) => ({ productVariantId: l.productVariantId, quantity: 1 })),
      countryID,
      promoCode: null,
    }),
    enabled: cart.length > 0,
  });
  const card = products.products?.find((p) => p.productID === pick.productId);

  return (
    <>
      <PageHeader title={s.manualOrderTitle} />
      <div className="sales-builder">
        <ProductGrid
          search={products}
          selected={pick.productId}
          onChoose={pick.chooseProduct}
          query={query}
          onQuery={setQuery}
        />
        {pick.productId !== null && <VariantPicker pick={pick} title={card?.name ?? pick.product.data?.name} />}
        {cart.length > 0 && (
          <OrderCart
            cart={cart}
            quote={quote.data}
            onRemove={(id) => setCart((o) => o.filter((x) => x.productVariantId !== id))}
          />
        )}
        <CustomerForm
          form={order.form}
          onSubmit={order.onSubmit}
          countries={countries.data ?? []}
          quote={quote.data}
          hasLines={cart.length > 0}
        />
      </div>
      <ResultModal result={order.result} onOk={order.onModalOk} />
    </>
  );
}
