// /productDetails/{productID}: product detail and related products. A bad id or a missing (or inactive) product is
// the product's not-found page (params.parse, the loader); the server answers it 404. The loader runs the page's
// declaration: it waits for the product and starts its related products.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { pages } from '#shared/pages';
import { parseReviewSearch } from '#shared/reviews';
import { messages } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { NotFoundView } from '../components/ui/not-found-view';
import { MiniCartDrawer } from '../features/cart/mini-cart-drawer';
import { ProductDetail } from '../features/product-page/product-detail';
import { ProductReviews } from '../features/reviews/product-reviews';
import { ProductLooks } from '../features/product-page/product-looks';
import { RelatedProducts } from '../features/product-page/related-products';
import { WishlistHeart } from '../features/wishlist/wishlist-heart';
import { idParam } from '../lib/route-id';
import { trpc } from '../lib/trpc';
import { loadFirstView, routeHead } from './-page-data';

export const Route = createFileRoute('/productDetails/$productID')({
  params: idParam('productID'),
  loader: (args) => loadFirstView(args, pages.product.firstView, args.params, {}),
  pendingComponent: ProductPending,
  notFoundComponent: () => <NotFoundView message={productMessages.notFound} />,
  head: routeHead(pages.product),
  component: ProductDetailsPage,
});

function ProductDetailsPage() {
  const { productID } = Route.useParams();
  return <ProductDetailsContent key={productID} productID={productID} />;
}

function ProductDetailsContent({ productID }: { productID: number }) {
  const product = useQuery(trpc.catalog.product.queryOptions({ productID }));
  const sizeGuide = useQuery(trpc.catalog.sizeGuide.queryOptions({ productID }));
  // The reviews' page and order (decision 234): read by the reviews section, in this page's own chunk.
  const reviewSearch = parseReviewSearch(Route.useSearch() as Record<string, unknown>);
  const [added, setAdded] = useState<number | null>(null);
  if (product.isPending) return <ProductPending />;
  if (product.isError) {
    const status = (product.error as { data?: { httpStatus?: number } }).data?.httpStatus;
    if (status === 404 || status === 400) return <NotFoundView message={productMessages.notFound} />;
    return (
      <div className="product container">
        <p className="status-text status-text--error" role="alert">
          {productMessages.loadFailed}
        </p>
      </div>
    );
  }
  return (
    <>
      <ProductDetail
        product={product.data}
        sizeGuide={sizeGuide.data}
        headerAction={<WishlistHeart productId={product.data.productID} variant="detail" />}
        onAdded={(v) => setAdded(v.variantID)}
      />
      <ProductLooks productID={product.data.productID} />
      <ProductReviews productID={product.data.productID} search={reviewSearch} />
      <RelatedProducts product={product.data} renderAction={(p) => <WishlistHeart productId={p.productID} />} />
      <MiniCartDrawer variantId={added} onClose={() => setAdded(null)} />
    </>
  );
}

function ProductPending() {
  return (
    <div className="product container" aria-busy="true" role="status">
      <span className="visually-hidden">{messages.common.loading}</span>
      <div className="skeleton product-skeleton__crumb" aria-hidden="true" />
      <div className="product__layout" aria-hidden="true">
        <div className="skeleton skeleton--image" />
        <div>
          <div className="skeleton skeleton--line skeleton--short" />
          <div className="skeleton product-skeleton__title" />
          <div className="skeleton skeleton--line skeleton--short" />
          <div className="skeleton product-skeleton__block" />
        </div>
      </div>
    </div>
  );
}
