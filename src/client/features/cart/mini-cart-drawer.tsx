// The mini-cart drawer of the product and wishlist pages. Its code (mini-cart-panel.tsx: the cart's quote, the
// quantity stepper) is loaded when the first product is added, not with the page (decision 214); from then on the
// panel stays mounted and opens and closes as before.
import { lazy, Suspense, useState } from 'react';
import type { MiniCartProps } from './mini-cart-panel';

const MiniCartPanel = lazy(() => import('./mini-cart-panel'));

export function MiniCartDrawer(props: MiniCartProps) {
  const [used, setUsed] = useState(false);
  if (props.variantId !== null && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <MiniCartPanel {...props} />
    </Suspense>
  );
}
