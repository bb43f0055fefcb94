// The product page's looks (decision 276): a few lines in the page's chunk that read the product's looks and, only
// when it has one, show the look block, a chunk of its own. The route's loader loads that chunk before the page
// renders (in the server render and before hydration), so the block is in the server's HTML and hydrates as it was
// rendered; a product without a look never fetches it.
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

type LookBlockModule = typeof import('./look-block');
let loaded: LookBlockModule | null = null;

/** Loads the look block's chunk (once) and keeps it for rendering without suspending. */
export const loadLookBlock = (): Promise<LookBlockModule> => import('./look-block').then((mod) => (loaded = mod));

const LazyLookBlock = lazy(() => loadLookBlock().then((mod) => ({ default: mod.LookBlock })));

export function ProductLooks({ productID }: { productID: number }) {
  const looks = useQuery(trpc.catalog.productLooks.queryOptions({ productID }));
  if (!looks.data?.length) return null;
  if (loaded) return <loaded.LookBlock looks={looks.data} productID={productID} />;
  return (
    <Suspense fallback={null}>
      <LazyLookBlock looks={looks.data} productID={productID} />
    </Suspense>
  );
}
