// The login form: email and password (trimmed), the server's Message as a toast on failure. An account with a second
// factor gets a challenge instead of tokens: the form then asks for the code (second-factor-login.tsx).
import { notify } from '#client/lib/notify';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { LoginResultDto } from '#shared/dto/accounts';
import type { LoginChallengeDto } from '#shared/dto/second-factor';
import { accountMessages } from '#shared/messages/account';
import { LoginInput, type SocialLoginInput } from '#shared/schemas/accounts';
import { Field } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { readError } from '#client/lib/api-error';
import { useForm } from '#client/lib/forms/use-form';
import { storeSession } from '#client/lib/session';
import { trpc } from '#client/lib/trpc';
import { SecondFactorLoginForm } from './second-factor-login';
import { PasskeyLoginButton } from './passkey-login-button';
import { SocialButtons } from './social-buttons';

export const EMAIL_LOGIN_REDIRECT_MS = 500;
const a = accountMessages.account;

type OnChallenge = (challenge: string) => void;

/** Tokens: the session starts; a challenge: the second step asks for the code. */
function finishFirstStep(
  res: LoginResultDto | LoginChallengeDto,
  onLoggedIn: (delayMs: number) => void,
  onChallenge: OnChallenge,
  delayMs: number,
) {
  if ('challenge' in res) return onChallenge(res.challenge);
  storeSession({ token: res.token, roleID: res.roleID, userId: res.userID });
  notify.success(a.loginSuccess, { topic: 'session' });
  onLoggedIn(delayMs);
}

function useLoginForm(onLoggedIn: (delayMs: number) => void, onChallenge: OnChallenge) {
  const login = useMutation(trpc.accounts.login.mutationOptions());
  return useForm({
    initialValues: { email: '', password: '' },
    schema: LoginInput,
    errorFallback: a.loginFailed,
    onSubmit: async (data) => {
      finishFirstStep(await login.mutateAsync(data), onLoggedIn, onChallenge, EMAIL_LOGIN_REDIRECT_MS);
    },
    onError: (e) => notify.error(e.message || a.loginFailed, { topic: 'session' }),
  });
}

function useSocialLogin(onLoggedIn: (delayMs: number) => void, onChallenge: OnChallenge) {
  const social = useMutation(trpc.accounts.socialLogin.mutationOptions());
  const onSocial = (payload: SocialLoginInput) =>
    social.mutate(payload, {
      onSuccess: (res) => finishFirstStep(res, onLoggedIn, onChallenge, 0),
      onError: (err) => {
        const e2 = readError(err, a.socialLoginIssue);
        console.error('[social-login]', err);
        // The spec's text when the backend answered; a missing e-mail or an unconfigured provider says so.
        const specific = e2.status === 400 ? e2.message : null;
        notify.error(specific ?? a.socialLoginIssue, { topic: 'session' });
      },
    });
  return { onSocial, pending: social.isPending };
}

interface LoginFormProps {
  onLoggedIn: (delayMs: number) => void;
  active: boolean;
}

export function LoginForm(props: LoginFormProps) {
  const [challenge, setChallenge] = useState<string | null>(null);
  if (challenge)
    return (
      <SecondFactorLoginForm
        active={props.active}
        challenge={challenge}
        onLoggedIn={() => props.onLoggedIn(EMAIL_LOGIN_REDIRECT_MS)}
        onBack={() => setChallenge(null)}
      />
    );
  return <PasswordLoginForm {...props} onChallenge={setChallenge} />;
}

function PasswordLoginForm({ onLoggedIn, active, onChallenge }: LoginFormProps & { onChallenge: OnChallenge }) {
  const form = useLoginForm(onLoggedIn, onChallenge);
  const social = useSocialLogin(onLoggedIn, onChallenge);
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
      <PasskeyLoginButton email={form.values.email} onLoggedIn={onLoggedIn} disabled={busy} />
      <SocialButtons onToken={social.onSocial} disabled={busy} />
    </form>
  );
}
