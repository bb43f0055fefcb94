// Navigation drawer below 768 px: modal dialog, focus kept inside, Escape or the close button closes it.
import { useEffect, useRef, type RefObject } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import type { CategoryDto } from '#shared/dto/catalog';
import { messages } from '#shared/messages';
import { isStaffRole } from '#shared/roles';
import { useSession } from '#client/lib/session';
import { CloseIcon } from './icons';
import { useNavCategories } from './nav-categories';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function MobileNav({ open, onClose }: { open: boolean; onClose: () => void }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const session = useSession();
  const { products, glow } = useNavCategories();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (open && pathname !== firstPath.current) onClose();
    firstPath.current = pathname;
  }, [pathname, open, onClose]);

  useFocusTrap(open, panelRef, onClose);

  if (!open) return null;
  return (
    <div className="mobile-nav" id="mobile-nav">
      <div className="mobile-nav__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        className="mobile-nav__panel"
        role="dialog"
        aria-modal="true"
        aria-label={messages.nav.mainNav}
        ref={panelRef}
      >
        <div className="mobile-nav__head">
          <span className="logo">Butiku</span>
          <button type="button" className="icon-button" aria-label={messages.nav.closeMenu} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={messages.nav.mainNav}>
          <ul className="mobile-nav__list">
            <li>
              <Link to="/" className="mobile-nav__link" onClick={onClose}>
                {messages.nav.home}
              </Link>
            </li>
            <MobileGroup label={messages.nav.products} base="/products" categories={products} onNavigate={onClose} />
            <MobileGroup label={messages.nav.glowOutlet} base="/glow-outlet" categories={glow} onNavigate={onClose} />
            <li>
              <Link to="/contactus" className="mobile-nav__link" onClick={onClose}>
                {messages.nav.contact}
              </Link>
            </li>
            {session && isStaffRole(session.roleID) && (
              <li>
                <Link to="/dashboard/products" className="mobile-nav__link" onClick={onClose}>
                  {messages.nav.dashboard}
                </Link>
              </li>
            )}
            <li>
              <Link to={session ? '/profile' : '/account'} className="mobile-nav__link" onClick={onClose}>
                {session ? messages.nav.profile : messages.nav.account}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}

function MobileGroup({
  label,
  base,
  categories,
  onNavigate,
}: {
  label: string;
  base: '/products' | '/glow-outlet';
  categories: CategoryDto[];
  onNavigate: () => void;
}) {
  return (
    <li className="mobile-nav__group">
      <Link to={base} className="mobile-nav__link" onClick={onNavigate}>
        {label}
      </Link>
      {categories.length > 0 && (
        <ul className="mobile-nav__sublist">
          {categories.map((c) => (
            <li key={c.categoryID}>
              <Link
                to={`${base}/$categoryID`}
                params={{ categoryID: c.categoryID }}
                className="mobile-nav__sublink"
                onClick={onNavigate}
              >
                {c.categoryName}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** While open: focus the first control, keep Tab inside the panel, close on Escape, and stop the page scrolling. */
function useFocusTrap(open: boolean, panelRef: RefObject<HTMLDivElement | null>, onClose: () => void) {
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const prevOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
        return;
      }
      if (e.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (e.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = prevOverflow;
    };
  }, [open, onClose, panelRef]);
}
