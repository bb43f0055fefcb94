// /reset-password?token=…: the page the reset e-mail links to; after the new password is saved it goes to /account.
import { pages } from '#shared/pages';
import { parseResetSearch } from '#shared/page-search';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ResetPasswordFormView } from '../features/accounts/password-reset-forms';
import { routeHead } from './-page-data';

export const Route = createFileRoute('/reset-password')({
  validateSearch: parseResetSearch,
  head: routeHead(pages.resetPassword),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const token = Route.useSearch({ select: (s) => parseResetSearch(s).token });
  const navigate = useNavigate();
  return (
    <div className="acc-page acc-page--narrow">
      <ResetPasswordFormView token={token ?? ''} onDone={() => void navigate({ to: '/account', replace: true })} />
    </div>
  );
}
