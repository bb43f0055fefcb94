// The login form: email and password (trimmed), the server's Message as a toast on failure.
import { notify } from '../../lib/notify';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { accountMessages } from '../../../shared/messages/account';
import { LoginInput, type SocialLoginInput } from '../../../shared/schemas/accounts';
import { Field } from '../../components/ui/field';
import { SubmitButton } from '../../components/ui/submit-button';
import { readError } from '../../lib/api-error';
import { useForm } from '../../lib/forms/use-form';
import { storeSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { SocialButtons } from './social-buttons';

export const EMAIL_LOGIN_REDIRECT_MS = 500;
const a = accountMessages.account;

function useLoginForm(onLoggedIn: (delayMs: number) => void) {
  const login = useMutation(trpc.accounts.login.mutationOptions());
  return useForm({
    initialValues: { email: '', password: '' },
    schema: LoginInput,
    errorFallback: a.loginFailed,
    onSubmit: async (data) => {
      const res = await login.mutateAsync(data);
      storeSession({ token: res.token, roleID: res.roleID, userId: res.userID });
      notify.success(a.loginSuccess, { topic: 'session' });
      onLoggedIn(EMAIL_LOGIN_REDIRECT_MS);
    },
    onError: (e) => notify.error(e.message || a.loginFailed, { topic: 'session' }),
  });
}

function useSocialLogin(onLoggedIn: (delayMs: number) => void) {
  const social = useMutation(trpc.accounts.socialLogin.mutationOptions());
  const onSocial = (payload: SocialLoginInput) =>
    social.mutate(payload, {
      onSuccess: (res) => {
        storeSession({ token: res.token, roleID: res.roleID, userId: res.userID });
        notify.success(a.loginSuccess, { topic: 'session' });
        onLoggedIn(0);
      },
      onError: (err) => {
        const e2 = readError(err, a.socialLoginIssue);
        console.error('[social-login]', err);
        // The spec's text when the backend answered; a missing e-mail or an unconfigured provider says so.
        const specific = e2.status === 400 || e2.status === 501 ? e2.message : null;
        notify.error(specific ?? a.socialLoginIssue, { topic: 'session' });
      },
    });
  return { onSocial, pending: social.isPending };
}

export function LoginForm({ onLoggedIn, active }: { onLoggedIn: (delayMs: number) => void; active: boolean }) {
  const form = useLoginForm(onLoggedIn);
  const social = useSocialLogin(onLoggedIn);
  const busy = form.submitting || social.pending;
  return (
    <form className="acc-form" {...form.formProps} aria-labelledby="acc-login-title" inert={!active}>
      <h2 id="acc-login-title" className="acc-form__title">
        {a.loginTitle}
      </h2>
      <p className="acc-form__intro">{a.loginIntro}</p>
      <Field label={a.email} {...form.field('email')}>
        {(control) => <input {...control} {...form.input('email')} type="email" autoComplete="email" required />}
      </Field>
      <Field label={a.password} {...form.field('password')}>
        {(control) => (
          <input {...control} {...form.input('password')} type="password" autoComplete="current-password" required />
        )}
      </Field>
      <Link to="/forgot-password" className="acc__link acc-form__forgot" data-testid="forgot-link">
        {a.forgotPassword}
      </Link>
      <SubmitButton
        form={form}
        className="button button--block"
        label={a.login}
        pendingLabel={a.loggingIn}
        disabled={busy}
        testId="login-submit"
      />
      <SocialButtons onToken={social.onSocial} disabled={busy} />
    </form>
  );
}
