// /forgot-password: asks for the account's e-mail and sends a reset link (the answer never tells whether it exists).
import { pages } from '#shared/pages';
import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../features/accounts/password-reset-forms';
import { routeHead } from './-page-data';

export const Route = createFileRoute('/forgot-password')({
  head: routeHead(pages.forgotPassword),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return (
    <div className="acc-page acc-page--narrow">
      <ForgotPasswordForm />
    </div>
  );
}
