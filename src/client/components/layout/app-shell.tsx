// Storefront chrome (skip link, header, mobile navigation, footer, chat button) around pages;
// /dashboard pages render without it. Footer and chat are hidden on /cart, chat while the drawer is open.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { ChatButton } from './chat-button';
import { MobileNav } from './mobile-nav';
import { SiteFooter } from './site-footer';
import { SiteHeader, type HeaderSlots } from './site-header';
import '#client/styles/storefront.css';

export function AppShell({ header, children }: { header: HeaderSlots; children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (pathname.startsWith('/dashboard')) return <>{children}</>;
  return (
    <StorefrontShell header={header} pathname={pathname}>
      {children}
    </StorefrontShell>
  );
}

function StorefrontShell({
  header,
  pathname,
  children,
}: {
  header: HeaderSlots;
  pathname: string;
  children: ReactNode;
}) {
  const [navOpen, setNavOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeNav = useCallback(() => {
    setNavOpen(false);
    menuButtonRef.current?.focus();
  }, []);
  const onCart = pathname === '/cart' || pathname.startsWith('/cart/');

  return (
    <div className="storefront">
      <a className="skip-link" href="#main">
        {messages.nav.skipToContent}
      </a>
      <SiteHeader slots={header} navOpen={navOpen} onOpenNav={() => setNavOpen(true)} menuButtonRef={menuButtonRef} />
      <MobileNav open={navOpen} onClose={closeNav} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {!onCart && <SiteFooter />}
      {!onCart && !navOpen && (
        <aside aria-label={messages.nav.chat}>
          <ChatButton />
        </aside>
      )}
    </div>
  );
}
