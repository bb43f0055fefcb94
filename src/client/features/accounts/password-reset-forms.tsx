// Password reset (issue 13, decision 171): the "forgotten password" form (always the same answer) and the page
// the e-mailed link opens, which sets the new password twice under the sign-up rules and then sends to /account.
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { accountMessages } from '#shared/messages/account';
import { ForgotPasswordInput, ResetPasswordForm } from '#shared/schemas/accounts';
import { Field } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { useForm } from '#client/lib/forms/use-form';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import './accounts.css';

const m = accountMessages.account;

function useForgotForm(onSent: (message: string) => void) {
  const ask = useMutation(trpc.accounts.forgotPassword.mutationOptions());
  return useForm({
    initialValues: { email: '' },
    schema: ForgotPasswordInput,
    errorFallback: m.forgotFailed,
    onSubmit: async (data) => onSent((await ask.mutateAsync(data)).Message),
    onError: (e) => notify.error(e.message || m.forgotFailed),
  });
}

export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForgotForm(setSent);
  if (sent) {
    return (
      <section className="acc-form acc-reset" aria-labelledby="forgot-title">
        <h1 id="forgot-title" className="acc-form__title">
          {m.forgotTitle}
        </h1>
        <p role="status" data-testid="forgot-sent">
          {sent}
        </p>
        <Link to="/account" className="button button--block">
          {m.login}
        </Link>
      </section>
    );
  }
  return (
    <form className="acc-form acc-reset" {...form.formProps} aria-labelledby="forgot-title">
      <h1 id="forgot-title" className="acc-form__title">
        {m.forgotTitle}
      </h1>
      <p className="acc-form__intro">{m.forgotIntro}</p>
      <Field label={m.email} {...form.field('email')}>
        {(control) => <input {...control} {...form.input('email')} type="email" autoComplete="email" required />}
      </Field>
      <SubmitButton form={form} className="button button--block" label={m.forgotSubmit} />
      <Link to="/account" className="acc__link">
        {m.login}
      </Link>
    </form>
  );
}

function useResetForm(token: string, onDone: () => void) {
  const reset = useMutation(trpc.accounts.resetPassword.mutationOptions());
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    schema: ResetPasswordForm,
    errorFallback: m.resetTokenInvalid,
    onSubmit: async (data) => {
      await reset.mutateAsync({ token, password: data.password });
      notify.success(m.resetDone, { topic: 'session' });
      onDone();
    },
    // A message on the token (or none on the password) means the link is spent: the page says so.
    onError: (e, _form, unmatched) => {
      if (unmatched.token?.[0]) setLinkProblem(unmatched.token[0]);
      else if (!e.fieldErrors?.password) setLinkProblem(e.message);
    },
  });
  return { form, linkProblem };
}

export function ResetPasswordFormView({ token, onDone }: { token: string; onDone: () => void }) {
  const { form, linkProblem } = useResetForm(token, onDone);
  if (!token) return <InvalidLink message={m.resetMissingToken} />;
  if (linkProblem) return <InvalidLink message={linkProblem} />;
  const password = (name: 'password' | 'confirmPassword', label: string) => (
    <Field label={label} {...form.field(name)}>
      {(control) => <input {...control} {...form.input(name)} type="password" autoComplete="new-password" required />}
    </Field>
  );
  return (
    <form className="acc-form acc-reset" {...form.formProps} aria-labelledby="reset-title">
      <h1 id="reset-title" className="acc-form__title">
        {m.resetTitle}
      </h1>
      {password('password', m.newPassword)}
      {password('confirmPassword', m.confirmPassword)}
      <SubmitButton form={form} className="button button--block" label={m.resetSubmit} />
    </form>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <section className="acc-form acc-reset" aria-labelledby="reset-title">
      <h1 id="reset-title" className="acc-form__title">
        {m.resetTitle}
      </h1>
      <p role="alert" className="acc-reset__problem">
        {message}
      </p>
      <Link to="/forgot-password" className="button button--block">
        {m.requestNewLink}
      </Link>
    </section>
  );
}
