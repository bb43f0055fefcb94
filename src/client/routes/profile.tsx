// /profile (with the passkeys where the shop's address can hold them, the saved addresses, "Kredia në dyqan" and "Porositë e mia" under the profile card): redirects to /account without an auth token (an expired one is refreshed first).
import { pages } from '#shared/pages';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { StepUpDialog } from '../components/ui/step-up-dialog';
import { PasskeysSection } from '../features/account-security/passkeys-panel';
import { ProfileView } from '../features/accounts/profile-view';
import { SessionPanels } from '../features/account-security/session-panels';
import { SecondFactorPanel } from '../features/account-security/second-factor-panel';
import { AddressBook } from '../features/addresses/address-book';
import { MyOrdersList } from '../features/my-orders/my-orders-list';
import { MyCredit } from '../features/store-credit/my-credit';
import { ensureSession, useSession } from '../lib/session';
import { routeHead } from './-page-data';

export const Route = createFileRoute('/profile')({
  beforeLoad: async () => {
    if (!(await ensureSession())) throw redirect({ to: '/account', replace: true });
  },
  head: routeHead(pages.profile),
  component: ProfilePage,
});

function ProfilePage() {
  const session = useSession();
  const navigate = useNavigate();
  // Logged out meanwhile (another tab, expiry that could not be renewed): leave the private page.
  useEffect(() => {
    if (!session) void navigate({ to: '/account', replace: true });
  }, [session, navigate]);
  return (
    <>
      <ProfileView />
      <div className="profile profile--second-factor">
        <SecondFactorPanel />
      </div>
      <PasskeysSection />
      <div className="profile profile--addresses">
        <AddressBook />
      </div>
      <div className="profile profile--credit">
        <MyCredit />
      </div>
      <div className="profile profile--orders">
        <MyOrdersList />
      </div>
      <div className="profile profile--sessions">
        <SessionPanels />
      </div>
      <StepUpDialog />
    </>
  );
}
