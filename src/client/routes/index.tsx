// Home: hero slideshow, style tip, the two featured-product carousels and the promises band.
import { Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { pages } from '#shared/pages';
import { FeaturedCarousels } from '../features/catalog/featured-carousels';
import { HeroSlideshow } from '../features/catalog/hero-slideshow';
import { PromisesBand, StyleTip } from '../features/catalog/home-sections';
import { WishlistHeart } from '../features/wishlist/wishlist-heart';
import { loadFirstView, routeHead } from './-page-data';

export const Route = createFileRoute('/')({
  // Starts the featured products (the hero shows at once; the carousels have their own loading state).
  loader: (args) => loadFirstView(args, pages.home.firstView, {}, {}),
  head: routeHead(pages.home),
  component: HomePage,
});

function HomePage() {
  return (
    <div className="home">
      {/* Each section hydrates in its own pass and commit (selective hydration, decision 214); no DOM of its own. */}
      <Suspense fallback={null}>
        <HeroSlideshow />
      </Suspense>
      <Suspense fallback={null}>
        <StyleTip />
      </Suspense>
      <Suspense fallback={null}>
        <FeaturedCarousels renderAction={(p) => <WishlistHeart productId={p.productID} />} />
      </Suspense>
      <Suspense fallback={null}>
        <PromisesBand />
      </Suspense>
    </div>
  );
}
