// Storefront chrome (header, footer, chat button) around pages; /dashboard pages render without it.
import type { ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';

export function AppShell({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (pathname.startsWith('/dashboard')) return <>{children}</>;
  return <main id="main">{children}</main>;
}
