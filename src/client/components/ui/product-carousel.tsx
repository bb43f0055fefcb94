// Embla carousel wrapper for product cards: looping, autoplay (paused on hover/focus and reduced motion),
// 2 slides up to 1023 px, 3 from 1024 px; gaps 20/30/40/110 px at 0/768/1024/1440 px (set in CSS).
import { Children, useCallback, useEffect, type ReactNode } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { messages } from '../../../shared/messages';
import { ChevronLeftIcon, ChevronRightIcon } from '../layout/icons';

interface ProductCarouselProps {
  label: string;
  delay: number;
  children: ReactNode;
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function ProductCarousel({ label, delay, children }: ProductCarouselProps) {
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: 'start', skipSnaps: false }, [
    Autoplay({
      delay,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
      playOnInit: !reducedMotion(),
    }),
  ]);
  const prev = useCallback(() => api?.scrollPrev(), [api]);
  const next = useCallback(() => api?.scrollNext(), [api]);
  useEffect(() => {
    if (!api) return;
    const onSelect = () => {
      // Keep slides out of view away from the tab order so keyboard users do not land off-screen.
      const visible = new Set(api.slidesInView());
      api.slideNodes().forEach((node, i) => {
        node.toggleAttribute('inert', !visible.has(i));
      });
    };
    onSelect();
    api.on('slidesInView', onSelect).on('reInit', onSelect);
    return () => {
      api.off('slidesInView', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  const items = Children.toArray(children);
  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription={messages.common.carousel}
      aria-label={label}
      data-testid="featured-carousel"
    >
      <div className="carousel__viewport" ref={viewportRef}>
        <div className="carousel__container">
          {items.map((child, i) => (
            <div
              className="carousel__slide"
              key={i}
              role="group"
              aria-roledescription={messages.common.slide}
              aria-label={`${i + 1} / ${items.length}`}
            >
              {child}
            </div>
          ))}
        </div>
      </div>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--prev"
        aria-label={messages.home.previousProduct}
        onClick={prev}
      >
        <ChevronLeftIcon />
      </button>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--next"
        aria-label={messages.home.nextProduct}
        onClick={next}
      >
        <ChevronRightIcon />
      </button>
    </div>
  );
}
