// Phones (issue 25): once the product page's own "Shto në shportë" has scrolled up out of view, a bar fixed at the
// bottom repeats the name, the price and the button, which runs the same add-to-cart and the same choice checks. It
// exists only after an observed scroll (never in the server's HTML, so hydration matches, decision 194); while it
// shows, the page gets room below the footer and the chat bubble docks in its right end (storefront.css).
import { useEffect, useState, type RefObject } from 'react';
import type { ProductDto } from '#shared/dto/catalog';
import { productMessages } from '#shared/messages/product';
import { Price } from '#client/components/ui/price';

const m = productMessages;
/** The widths with the bar: the storefront's phone layout. */
const PHONE = '(max-width: 767px)';

/** True while `target` is above the viewport's top edge (under the sticky header) on a phone. */
function useScrolledPast(target: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const el = target.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const phone = window.matchMedia(PHONE);
    const header = Math.round(document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0);
    // The root reaches ten screens below the viewport, so a button still below the fold counts as in view and a
    // jump straight past it (a fling, End, a link) crosses the one edge that matters: the top, under the header.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        const top = entry.rootBounds?.top ?? header;
        setPast(phone.matches && !entry.isIntersecting && entry.boundingClientRect.top < top);
      },
      { rootMargin: `-${header}px 0px 1000% 0px` },
    );
    observer.observe(el);
    const onWidth = () => !phone.matches && setPast(false);
    phone.addEventListener('change', onWidth);
    return () => {
      observer.disconnect();
      phone.removeEventListener('change', onWidth);
    };
  }, [target, enabled]);
  return past;
}

interface StickyBuyBarProps {
  product: ProductDto;
  /** The page's own add button: the bar shows while it is scrolled away. */
  watch: RefObject<HTMLButtonElement | null>;
  busy: boolean;
  /** A size and colour are chosen; otherwise the tap brings the pickers back into view first. */
  ready: boolean;
  onAdd: () => void;
}

export function StickyBuyBar({ product, watch, busy, ready, onAdd }: StickyBuyBarProps) {
  const shown = useScrolledPast(watch, true);
  if (!shown) return null;
  const add = () => {
    // The pickers sit just above the page's button: focusing it scrolls them back, where the missing one is marked.
    if (!ready) watch.current?.focus();
    onAdd();
  };
  return (
    <div className="buy-bar" role="region" aria-label={m.buyBar} data-testid="buy-bar">
      <div className="buy-bar__text">
        <p className="buy-bar__name">{product.name}</p>
        <Price price={product.price} discountedPrice={product.discountedPrice} />
      </div>
      <button
        type="button"
        className="button buy-bar__button"
        disabled={busy}
        aria-label={`${m.addToCart}: ${product.name}`}
        onClick={add}
      >
        {m.addToCart}
      </button>
    </div>
  );
}
