// The product page's looks (decision 276): a few lines in the page's chunk that read the product's looks and, only
// when it has one, show the look block, a chunk of its own (look-chunk.ts). The server render has the chunk loaded
// and renders the block into the HTML; the browser fetches the chunk only for a product with a look and hydrates the
// block when it arrives (the Suspense boundary keeps the server's HTML meanwhile). A product without a look never
// fetches it.
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc';
import { loadedLookBlock, loadLookBlock } from './look-chunk';

const LazyLookBlock = lazy(loadLookBlock);

export function ProductLooks({ productID }: { productID: number }) {
  const looks = useQuery(trpc.catalog.productLooks.queryOptions({ productID }));
  if (!looks.data?.length) return null;
  const loaded = loadedLookBlock();
  return (
    <Suspense fallback={null}>
      {loaded ? (
        <loaded.default looks={looks.data} productID={productID} />
      ) : (
        <LazyLookBlock looks={looks.data} productID={productID} />
      )}
    </Suspense>
  );
}
