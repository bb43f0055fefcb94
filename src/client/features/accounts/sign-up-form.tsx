// The sign-up form: the shared schema's rules checked as you go (messages under the fields), roleID 1,
// server field errors as toasts "{field}: {message}" and under the fields. A sign-up signs the shopper in
// (decision 215): the answer's token starts the session and the page goes on as after a login.
import { notify } from '#client/lib/notify';
import { useMutation } from '@tanstack/react-query';
import { accountMessages } from '#shared/messages/account';
import { SignUpFormInput } from '#shared/schemas/accounts';
import { Field } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { useForm } from '#client/lib/forms/use-form';
import { storeSession } from '#client/lib/session';
import { trpc } from '#client/lib/trpc';

const EMPTY = { firstName: '', lastName: '', phoneNumber: '', email: '', password: '', confirmPassword: '' };
type FieldName = keyof typeof EMPTY;
const a = accountMessages.account;

function useSignUpForm(onSignedUp: () => void) {
  const register = useMutation(trpc.accounts.register.mutationOptions());
  return useForm({
    initialValues: EMPTY,
    schema: SignUpFormInput,
    toInput: (values) => ({ ...values, roleID: 1 }),
    validateOn: 'blur',
    errorFallback: a.signUpFailed,
    onSubmit: async (data, form) => {
      const { confirmPassword: _c, ...payload } = data;
      const user = await register.mutateAsync({ ...payload, roleID: 1 });
      storeSession({ token: user.token, roleID: user.roleID, userId: user.userID });
      notify.success(a.signUpSuccess, { topic: 'signup' });
      form.reset();
      onSignedUp();
    },
    onError: (e, form) => {
      if (e.fieldErrors && e.status === 400) {
        for (const [field, list] of Object.entries(e.fieldErrors)) for (const m of list) notify.error(`${field}: ${m}`);
        return;
      }
      if (e.status === 409) form.setFieldError('email', e.message);
      notify.error(e.message || a.signUpFailed, { topic: 'signup' });
    },
  });
}

export function SignUpForm({ onSignedUp, active }: { onSignedUp: () => void; active: boolean }) {
  const form = useSignUpForm(onSignedUp);
  const field = (name: FieldName, label: string, type: string, autoComplete: string) => (
    <Field label={label} {...form.field(name)}>
      {(control) => <input {...control} {...form.input(name)} type={type} autoComplete={autoComplete} required />}
    </Field>
  );
  return (
    <form className="acc-form" {...form.formProps} aria-labelledby="acc-signup-title" inert={!active}>
      <h2 id="acc-signup-title" className="acc-form__title">
        {a.signUpTitle}
      </h2>
      <p className="acc-form__intro">{a.signUpIntro}</p>
      <div className="acc-form__row">
        {field('firstName', a.firstName, 'text', 'given-name')}
        {field('lastName', a.lastName, 'text', 'family-name')}
      </div>
      {field('phoneNumber', a.phoneNumber, 'tel', 'tel')}
      {field('email', a.email, 'email', 'email')}
      <div className="acc-form__row">
        {field('password', a.password, 'password', 'new-password')}
        {field('confirmPassword', a.confirmPassword, 'password', 'new-password')}
      </div>
      <SubmitButton
        form={form}
        className="button button--block"
        label={a.signUp}
        pendingLabel={a.signingUp}
        disabled={Object.values(form.errors).some(Boolean)}
        testId="signup-submit"
      />
    </form>
  );
}
