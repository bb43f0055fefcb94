// Product-card carousel: the browser's own horizontal scrolling with scroll snap (swipe on a phone), arrows that
// wrap both ways, autoplay that pauses on hover, on keyboard focus and with reduced motion; 2 slides up to
// 1023 px, 3 from 1024 px; gaps 20/30/40/110 px at 0/768/1024/1440 px (set in CSS). No carousel library: embla
// (~8 KB gzip) was the largest part of the home page's own code, and its start measured the layout during
// hydration (decision 214).
import { Children, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { messages } from '#shared/messages';
import { ChevronLeftIcon, ChevronRightIcon } from '../layout/icons';

interface ProductCarouselProps {
  label: string;
  delay: number;
  children: ReactNode;
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls the viewport one slide forward or back, from the last slide to the first and back. */
function step(viewport: HTMLElement | null, direction: 1 | -1): void {
  const slide = viewport?.querySelector<HTMLElement>('.carousel__slide');
  if (!viewport || !slide) return;
  const max = viewport.scrollWidth - viewport.clientWidth;
  const at = viewport.scrollLeft;
  let left = at + direction * slide.offsetWidth;
  if (direction === 1 && at >= max - 2) left = 0;
  else if (direction === -1 && at <= 2) left = max;
  viewport.scrollTo({ left, behavior: reducedMotion() ? 'auto' : 'smooth' });
}

export function ProductCarousel({ label, delay, children }: ProductCarouselProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (hovered || focused || reducedMotion()) return;
    const timer = window.setInterval(() => step(viewportRef.current, 1), delay);
    return () => window.clearInterval(timer);
  }, [hovered, focused, delay]);

  useEffect(() => {
    // Keep slides out of view away from the tab order so keyboard users do not land off-screen.
    const viewport = viewportRef.current;
    if (!viewport || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) entry.target.toggleAttribute('inert', entry.intersectionRatio < 0.5);
      },
      { root: viewport, threshold: [0, 0.5, 1] },
    );
    viewport.querySelectorAll('.carousel__slide').forEach((slide) => observer.observe(slide));
    return () => observer.disconnect();
  }, [children]);

  const items = Children.toArray(children);
  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription={messages.common.carousel}
      aria-label={label}
      data-testid="featured-carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
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
              {/* Each slide hydrates in its own pass and commit (selective hydration, decision 214). */}
              <Suspense fallback={null}>{child}</Suspense>
            </div>
          ))}
        </div>
      </div>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--prev"
        aria-label={messages.home.previousProduct}
        onClick={() => step(viewportRef.current, -1)}
      >
        <ChevronLeftIcon />
      </button>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--next"
        aria-label={messages.home.nextProduct}
        onClick={() => step(viewportRef.current, 1)}
      >
        <ChevronRightIcon />
      </button>
    </div>
  );
}
