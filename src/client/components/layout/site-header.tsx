// Storefront header: logo, main navigation with category menus, search, account link, wishlist and cart.
import type { ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { isStaffRole } from '#shared/roles';
import { useSession } from '#client/lib/session';
import { MenuIcon, UserIcon } from './icons';
import { NavDropdown } from './nav-dropdown';
import { useNavCategories } from './nav-categories';

/** What the root route puts into the header: the search box (desktop and mobile copies) and the cart/wishlist buttons. */
export interface HeaderSlots {
  search: (className: string) => ReactNode;
  actions: ReactNode;
}

interface SiteHeaderProps {
  slots: HeaderSlots;
  navOpen: boolean;
  onOpenNav: () => void;
  menuButtonRef: React.RefObject<HTMLButtonElement | null>;
}

export function SiteHeader({ slots, navOpen, onOpenNav, menuButtonRef }: SiteHeaderProps) {
  const session = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { products, glow } = useNavCategories();
  const isActive = (to: string) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`));
  const accountLink = session
    ? { to: '/profile' as const, label: messages.nav.profile }
    : { to: '/account' as const, label: messages.nav.account };

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <button
          ref={menuButtonRef}
          type="button"
          className="icon-button site-header__menu"
          aria-label={messages.nav.openMenu}
          aria-expanded={navOpen}
          aria-controls="mobile-nav"
          onClick={onOpenNav}
        >
          <MenuIcon />
        </button>
        <Link to="/" className="logo" aria-label={`${messages.common.shopName} — ${messages.nav.home}`}>
          Butiku
        </Link>
        <nav className="main-nav" aria-label={messages.nav.mainNav}>
          <ul className="main-nav__list">
            <li>
              <Link
                to="/"
                className={isActive('/') ? 'nav-link nav-link--active' : 'nav-link'}
                aria-current={isActive('/') ? 'page' : undefined}
              >
                {messages.nav.home}
              </Link>
            </li>
            <NavDropdown label={messages.nav.products} base="/products" categories={products} />
            <NavDropdown label={messages.nav.glowOutlet} base="/glow-outlet" categories={glow} />
            <li>
              <Link
                to="/contactus"
                className={isActive('/contactus') ? 'nav-link nav-link--active' : 'nav-link'}
                aria-current={isActive('/contactus') ? 'page' : undefined}
              >
                {messages.nav.contact}
              </Link>
            </li>
            {session && isStaffRole(session.roleID) && (
              <li>
                <Link to="/dashboard/products" className="nav-link">
                  {messages.nav.dashboard}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        {slots.search('search--desktop')}
        <div className="site-header__end">
          <Link
            to={accountLink.to}
            className="account-link"
            aria-label={accountLink.label}
            aria-current={isActive(accountLink.to) ? 'page' : undefined}
          >
            <UserIcon />
            <span className="account-link__label">{accountLink.label}</span>
          </Link>
          {slots.actions}
        </div>
      </div>
      <div className="site-header__search-row container">{slots.search('search--mobile')}</div>
    </header>
  );
}
