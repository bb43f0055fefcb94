// The login's second step (decision 225): the 6-digit code from the app or a recovery code, with the first step's
// challenge; the tokens come back as from a login. "Kthehu te kyçja" goes back to the password.
import { useMutation } from '@tanstack/react-query';
import { LoginSecondFactorInput } from '#shared/schemas/second-factor';
import { Field } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { useForm } from '#client/lib/forms/use-form';
import { notify } from '#client/lib/notify';
import { storeSession } from '#client/lib/session';
import { trpc } from '#client/lib/trpc';
import { accountMessages } from '#shared/messages/account';

const m = accountMessages.secondFactor;

export function SecondFactorLoginForm({
  challenge,
  active,
  onLoggedIn,
  onBack,
}: {
  challenge: string;
  active: boolean;
  onLoggedIn: () => void;
  onBack: () => void;
}) {
  const login = useMutation(trpc.secondFactor.login.mutationOptions());
  const form = useForm({
    initialValues: { code: '' },
    schema: LoginSecondFactorInput,
    toInput: (v) => ({ ...v, challenge }),
    errorFallback: accountMessages.account.loginFailed,
    onSubmit: async (data) => {
      const res = await login.mutateAsync(data);
      storeSession({ token: res.token, roleID: res.roleID, userId: res.userID });
      notify.success(accountMessages.account.loginSuccess, { topic: 'session' });
      onLoggedIn();
    },
    onError: (e, _helpers, unmatched) => {
      if (unmatched.challenge || e.message === m.challengeExpired) onBack();
      notify.error(e.message || accountMessages.account.loginFailed, { topic: 'session' });
    },
  });
  return (
    <form className="acc-form" {...form.formProps} aria-labelledby="acc-code-title" inert={!active}>
      <h2 id="acc-code-title" className="acc-form__title">
        {m.loginTitle}
      </h2>
      <p className="acc-form__intro">{m.loginIntro}</p>
      <Field label={m.loginCode} {...form.field('code')}>
        {(control) => (
          <input
            {...control}
            {...form.input('code')}
            autoComplete="one-time-code"
            inputMode="text"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            required
            data-testid="second-factor-code"
          />
        )}
      </Field>
      <SubmitButton
        form={form}
        className="button button--block"
        label={m.verify}
        pendingLabel={m.verifying}
        testId="second-factor-submit"
      />
      <button type="button" className="acc__link acc-form__forgot" onClick={onBack}>
        {m.backToLogin}
      </button>
    </form>
  );
}
