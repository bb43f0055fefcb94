// /reset-password?token=…: the page the reset e-mail links to; after the new password is saved it goes to /account.
import { parseResetSearch } from '#shared/page-search';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { accountMessages } from '#shared/messages/account';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { ResetPasswordFormView } from '../features/accounts/password-reset-forms';

export const Route = createFileRoute('/reset-password')({
  validateSearch: parseResetSearch,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  useDocumentTitle(accountMessages.account.resetTitle);
  const token = Route.useSearch({ select: (s) => parseResetSearch(s).token });
  const navigate = useNavigate();
  return (
    <div className="acc-page acc-page--narrow">
      <ResetPasswordFormView token={token ?? ''} onDone={() => void navigate({ to: '/account', replace: true })} />
    </div>
  );
}
