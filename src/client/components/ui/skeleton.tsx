// Placeholder cards shown while products load (12 on the listing, 6 for related products), and a page title's
// text while its page loads.
import { messages } from '#shared/messages';

/**
 * A heading's text before its page has one: a line's height on screen, "Duke u ngarkuar…" for a screen reader (an
 * empty heading is announced as nothing: axe's empty-heading).
 */
export function LoadingTitle() {
  return (
    <>
      {'\u00a0'}
      <span className="visually-hidden">{messages.common.loading}</span>
    </>
  );
}

export function SkeletonCards({ count, className = 'product-grid' }: { count: number; className?: string }) {
  return (
    <div className={className} aria-busy="true" role="status">
      <span className="visually-hidden">{messages.common.loading}</span>
      {Array.from({ length: count }, (_, i) => (
        <div className="skeleton-card" key={i} aria-hidden="true" data-testid="skeleton-card">
          <div className="skeleton skeleton--image" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}
