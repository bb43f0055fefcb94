// Password reset (issue 13, decision 171): the "forgotten password" form (always the same answer) and the page
// the e-mailed link opens, which sets the new password twice under the sign-up rules and then sends to /account.
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../shared/messages';
import { firstFieldErrors, ForgotPasswordInput, ResetPasswordForm } from '../../../shared/schemas/accounts';
import { FormField } from '../../components/ui/form-field';
import { readError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './accounts.css';

const m = messages.account;

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const ask = useMutation(trpc.accounts.forgotPassword.mutationOptions());

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ForgotPasswordInput.safeParse({ email });
    if (!parsed.success) return setError(firstFieldErrors(parsed.error).email);
    ask.mutate(parsed.data, {
      onSuccess: (res) => setSent(res.Message),
      onError: (err) => notify.error(readError(err, m.forgotFailed).message || m.forgotFailed),
    });
  };

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
    <form className="acc-form acc-reset" onSubmit={onSubmit} noValidate aria-labelledby="forgot-title">
      <h1 id="forgot-title" className="acc-form__title">
        {m.forgotTitle}
      </h1>
      <p className="acc-form__intro">{m.forgotIntro}</p>
      <FormField
        label={m.email}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => (setEmail(e.target.value), setError(undefined))}
        error={error}
        required
      />
      <button type="submit" className="button button--block" disabled={ask.isPending}>
        {m.forgotSubmit}
      </button>
      <Link to="/account" className="acc__link">
        {m.login}
      </Link>
    </form>
  );
}

type Field = 'password' | 'confirmPassword';

export function ResetPasswordFormView({ token, onDone }: { token: string; onDone: () => void }) {
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field | 'token', string>>>({});
  const reset = useMutation(trpc.accounts.resetPassword.mutationOptions());

  const set = (name: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ResetPasswordForm.safeParse(values);
    if (!parsed.success) return setErrors(firstFieldErrors(parsed.error));
    reset.mutate(
      { token, password: parsed.data.password },
      {
        onSuccess: () => {
          notify.success(m.resetDone, { topic: 'session' });
          onDone();
        },
        onError: (err) => {
          const e2 = readError(err, m.resetTokenInvalid);
          const fields = e2.fieldErrors ?? {};
          setErrors({
            password: fields.password?.[0],
            token: fields.token?.[0] ?? (fields.password ? undefined : e2.message),
          });
        },
      },
    );
  };

  if (!token) return <InvalidLink message={m.resetMissingToken} />;
  if (errors.token) return <InvalidLink message={errors.token} />;
  return (
    <form className="acc-form acc-reset" onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
      <h1 id="reset-title" className="acc-form__title">
        {m.resetTitle}
      </h1>
      <FormField
        label={m.newPassword}
        type="password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        required
      />
      <FormField
        label={m.confirmPassword}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
        required
      />
      <button type="submit" className="button button--block" disabled={reset.isPending}>
        {m.resetSubmit}
      </button>
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
