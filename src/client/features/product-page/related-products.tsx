// "Mund të pëlqeni": products related by category, brand, sizes and colours (6 skeleton cards while loading).
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ProductCardDto, ProductDto } from '#shared/dto/catalog';
import { relatedProductsInput } from '#shared/initial-queries';
import { productMessages } from '#shared/messages/product';
import { SkeletonCards } from '#client/components/ui/skeleton';
import { trpc } from '#client/lib/trpc';
import { ProductCard } from '#client/components/ui/product-card';

export function RelatedProducts({
  product,
  renderAction,
}: {
  product: ProductDto;
  renderAction?: (p: ProductCardDto) => ReactNode;
}) {
  const related = useQuery(trpc.catalog.related.queryOptions(relatedProductsInput(product)));
  if (related.isError || (related.data && related.data.length === 0)) return null;
  return (
    <section className="related container" aria-labelledby="related-heading">
      <h2 id="related-heading" className="section-title">
        {productMessages.related}
      </h2>
      {related.isPending ? (
        <SkeletonCards count={6} className="product-grid product-grid--related" />
      ) : (
        <div className="product-grid product-grid--related">
          {related.data.slice(0, 6).map((p) => (
            <ProductCard key={p.productID} product={p} action={renderAction?.(p)} />
          ))}
        </div>
      )}
    </section>
  );
}
