// "Risitë më të Fundit për Ju": the featured products split in two halves (first half rounded up),
// each in a looping carousel (native scroll snap) with autoplay (3500 ms and 4000 ms).
import { useQuery } from '@tanstack/react-query';
import type { ProductCardDto } from '#shared/dto/catalog';
import { fill, messages } from '#shared/messages';
import { ProductCarousel } from '#client/components/ui/product-carousel';
import { trpc } from '#client/lib/trpc';
import { ProductCard } from '#client/components/ui/product-card';
import type { ReactNode } from 'react';

export const CAROUSEL_DELAYS_MS = [3500, 4000] as const;

export function splitInHalves<T>(items: readonly T[]): [T[], T[]] {
  const mid = Math.ceil(items.length / 2);
  return [items.slice(0, mid), items.slice(mid)];
}

export function FeaturedCarousels({ renderAction }: { renderAction?: (p: ProductCardDto) => ReactNode }) {
  const { data, isPending, isError } = useQuery(trpc.catalog.homepage.queryOptions());
  const products = isError ? [] : (data ?? []);
  const halves = splitInHalves(products);
  return (
    <section className="featured container" aria-labelledby="featured-heading">
      <div className="section-head">
        <h2 id="featured-heading" className="section-title">
          {messages.home.latest}
        </h2>
        <p className="section-lead">{messages.home.latestIntro}</p>
      </div>
      {isPending ? (
        <p className="status-text" role="status">
          {messages.home.loadingFeatured}
        </p>
      ) : products.length === 0 ? (
        <p className="status-text">{messages.home.noFeatured}</p>
      ) : (
        halves.map((half, i) =>
          half.length > 0 ? (
            <ProductCarousel
              key={i}
              label={fill(messages.home.carouselLabel, { n: i + 1 })}
              delay={CAROUSEL_DELAYS_MS[i]!}
            >
              {half.map((p) => (
                <ProductCard key={p.productID} product={p} action={renderAction?.(p)} />
              ))}
            </ProductCarousel>
          ) : null,
        )
      )}
    </section>
  );
}
