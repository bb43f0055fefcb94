// /account: the sliding login/sign-up page. A visitor whose profile call returns data is replaced to /profile.
// `?redirect=/path` (set by the wishlist's login prompt) is where a successful login goes instead of /profile.
import { pages } from '#shared/pages';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { AccountPanels } from '../features/accounts/account-panels';
import { localRedirect } from '../lib/local-redirect';
import { ensureSession } from '../lib/session';
import { routeHead } from './-page-data';

export const Route = createFileRoute('/account')({
  validateSearch: (input: Record<string, unknown>): { redirect?: string } => {
    const target = localRedirect(input.redirect);
    return target ? { redirect: target } : {};
  },
  beforeLoad: async ({ context, search }) => {
    const session = await ensureSession();
    if (!session) return;
    const profile = await context.queryClient
      .fetchQuery(context.trpc.accounts.profile.queryOptions())
      .catch(() => null);
    // The router passes a refused value through as the URL had it: only a local path is followed.
    const target = localRedirect(search.redirect);
    if (profile) throw target ? redirect({ href: target, replace: true }) : redirect({ to: '/profile', replace: true });
  },
  head: routeHead(pages.account),
  component: AccountPage,
});

function AccountPage() {
  const navigate = useNavigate();
  const target = Route.useSearch({ select: (s) => localRedirect(s.redirect) });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const onLoggedIn = (delayMs: number) => {
    const go = () => void (target ? navigate({ href: target }) : navigate({ to: '/profile' }));
    if (delayMs <= 0) return go();
    timer.current = setTimeout(go, delayMs);
  };
  return (
    <div className="acc-page">
      <AccountPanels onLoggedIn={onLoggedIn} />
    </div>
  );
}
