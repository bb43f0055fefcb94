// Dashboard frame: sidebar, top bar with the debounced search on the spec's paths, and the screen.
import { useState, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { DashboardSidebar } from './sidebar';
import { DashboardSearchBar } from './search-bar';
import { showsSearch } from '#client/components/dashboard/search-store';
import '#client/components/dashboard/dashboard.css';

export function DashboardLayout({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="dash">
      <DashboardSidebar open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      {menuOpen && (
        <button
          type="button"
          className="dash-scrim"
          aria-label={messages.nav.closeMenu}
          onClick={() => setMenuOpen(false)}
        />
      )}
      <div className="dash-main">
        <header className="dash-topbar">
          <button
            type="button"
            className="dash-menu-btn"
            aria-label={messages.nav.openMenu}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          {showsSearch(pathname) ? <DashboardSearchBar resetKey={pathname} /> : <div className="dash-search-spacer" />}
        </header>
        <main className="dash-content" id="main">
          {children}
        </main>
      </div>
    </div>
  );
}
