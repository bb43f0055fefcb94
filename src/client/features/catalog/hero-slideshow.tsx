// Home hero: 4 slides (picture, title, description, "SHIKO MË SHUMË"), arrows that wrap both ways,
// auto-advance every 4000 ms that pauses on hover, on keyboard focus, with the pause button or reduced motion.
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { fill, messages } from '#shared/messages';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '#client/components/layout/icons';
import { staticUrl } from '#client/lib/static-url';
import { usePrefersReducedMotion } from './use-reduced-motion';

export const HERO_INTERVAL_MS = 4000;
const IMAGES = [1, 2, 3, 4].map((n) => staticUrl(`/images/hero/slide-${n}.webp`));

/** Next slide index, wrapping in both directions. */
export function wrapIndex(index: number, count: number): number {
  return ((index % count) + count) % count;
}

export function HeroSlideshow() {
  const slides = messages.home.slides;
  const count = slides.length;
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = userPaused ?? reducedMotion;
  const running = !paused && !hovered && !focused;

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setIndex((i) => wrapIndex(i + 1, count)), HERO_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [running, index, count]);

  return (
    <section
      className="hero"
      aria-roledescription={messages.common.carousel}
      aria-label={messages.home.slideshow}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="hero__slides" aria-live={running ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <HeroSlide key={slide.title} slide={slide} index={i} count={count} current={i === index} />
        ))}
      </div>
      <div className="hero__controls">
        <button
          type="button"
          className="hero__arrow"
          aria-label={messages.home.previousSlide}
          onClick={() => setIndex((i) => wrapIndex(i - 1, count))}
        >
          <ChevronLeftIcon />
        </button>
        <div className="hero__dots">
          {slides.map((slide, i) => (
            <button
              key={slide.title}
              type="button"
              className={`hero__dot${i === index ? ' hero__dot--current' : ''}`}
              aria-label={fill(messages.home.goToSlide, { n: i + 1 })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
        <button
          type="button"
          className="hero__arrow"
          aria-label={messages.home.nextSlide}
          onClick={() => setIndex((i) => wrapIndex(i + 1, count))}
        >
          <ChevronRightIcon />
        </button>
        <button
          type="button"
          className="hero__arrow hero__pause"
          aria-label={paused ? messages.home.playSlideshow : messages.home.pauseSlideshow}
          onClick={() => setUserPaused(!paused)}
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
      </div>
    </section>
  );
}

type Slide = (typeof messages.home.slides)[number];

function HeroSlide({
  slide,
  index: i,
  count,
  current,
}: {
  slide: Slide;
  index: number;
  count: number;
  current: boolean;
}) {
  return (
    <div
      className={`hero__slide${current ? ' hero__slide--current' : ''}`}
      role="group"
      aria-roledescription={messages.common.slide}
      aria-label={fill(messages.home.slideOf, { n: i + 1, total: count })}
      aria-hidden={!current}
      inert={!current}
      data-testid="hero-slide"
    >
      <img
        className="hero__img"
        src={IMAGES[i]}
        alt={slide.alt}
        width={1600}
        height={800}
        fetchPriority={i === 0 ? 'high' : 'low'}
        loading={i === 0 ? 'eager' : 'lazy'}
      />
      <div className="hero__content container">
        <div className="hero__text">
          {i === 0 ? <h1 className="hero__title">{slide.title}</h1> : <h2 className="hero__title">{slide.title}</h2>}
          <p className="hero__desc">{slide.description}</p>
          <Link to="/glow-outlet" className="button button--light">
            {messages.home.seeMore}
          </Link>
        </div>
      </div>
    </div>
  );
}
