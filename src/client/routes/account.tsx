// /account: the sliding login/sign-up page. A visitor whose profile call returns data is replaced to /profile.
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { messages } from '../../shared/messages';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { AccountPanels } from '../features/accounts/account-panels';
import { ensureSession } from '../lib/session';

export const Route = createFileRoute('/account')({
  beforeLoad: async ({ context }) => {
    const session = await ensureSession();
    if (!session) return;
    const profile = await context.queryClient.fetchQuery(context.trpc.accounts.profile.queryOptions()).catch(() => null);
    if (profile) throw redirect({ to: '/profile', replace: true });
  },
  component: AccountPage,
});

function AccountPage() {
  useDocumentTitle(messages.account.welcome);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const onLoggedIn = (delayMs: number) => {
    const go = () => void navigate({ to: '/profile' });
    if (delayMs <= 0) return go();
    timer.current = setTimeout(go, delayMs);
  };
  return (
    <div className="acc-page">
      <AccountPanels onLoggedIn={onLoggedIn} />
    </div>
  );
}
