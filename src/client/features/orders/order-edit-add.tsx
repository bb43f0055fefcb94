// "Shto produkt" in the staff edit of a pending order (issue 27, decision 229): the manual order builder's product
// grid and colour/size picker (order-builder-parts.tsx, order-builder-pick.ts), adding the chosen variant to the
// edit's lines at quantity 1. The server prices it at today's price and checks its stock when the edit is saved.
import { useState } from 'react';
import { staffMessages } from '#shared/messages-staff';
import { ProductGrid, VariantPicker } from './order-builder-parts';
import { useVariantPick, type Line } from './order-builder-pick';
import { useProductSearch } from '#client/components/dashboard/product-search';

const st = staffMessages.orderStages;

function Picker({ has, onAdd }: { has: readonly { productVariantId: number }[]; onAdd: (line: Line) => void }) {
  const [query, setQuery] = useState('');
  const products = useProductSearch(query, { activeOnly: true });
  const pick = useVariantPick(has, onAdd, st.editAlreadyInOrder);
  const card = products.products?.find((p) => p.productID === pick.productId);
  return (
    <div className="sales-edit-add">
      <ProductGrid
        search={products}
        selected={pick.productId}
        onChoose={pick.chooseProduct}
        query={query}
        onQuery={setQuery}
      />
      {pick.productId !== null && (
        <VariantPicker pick={pick} title={card?.name ?? pick.product.data?.name} addLabel={st.editAddToOrder} />
      )}
    </div>
  );
}

/** The "Shto produkt" toggle and, while open, the picker; each added variant goes to `onAdd`. */
export function AddProduct(props: { has: readonly { productVariantId: number }[]; onAdd: (line: Line) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button
        type="button"
        className="dash-btn dash-btn--sm"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="edit-add-product"
      >
        {open ? st.editCloseAdd : st.editAddProduct}
      </button>
      {open && <Picker {...props} />}
    </div>
  );
}
