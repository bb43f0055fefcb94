// /forgot-password: asks for the account's e-mail and sends a reset link (the answer never tells whether it exists).
import { createFileRoute } from '@tanstack/react-router';
import { accountMessages } from '#shared/messages/account';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { ForgotPasswordForm } from '../features/accounts/password-reset-forms';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  useDocumentTitle(accountMessages.account.forgotTitle);
  return (
    <div className="acc-page acc-page--narrow">
      <ForgotPasswordForm />
    </div>
  );
}
