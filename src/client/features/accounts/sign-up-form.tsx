// The sign-up form: the shared schema's rules checked as you go (messages under the fields), roleID 1,
// server field errors as toasts "{field}: {message}" and under the fields.
import { notify } from '../../lib/notify';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../shared/messages';
import { firstFieldErrors, SignUpFormInput } from '../../../shared/schemas/accounts';
import { FormField } from '../../components/ui/form-field';
import { readError } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';

const EMPTY = { firstName: '', lastName: '', phoneNumber: '', email: '', password: '', confirmPassword: '' };
type Field = keyof typeof EMPTY;

// eslint-disable-next-line max-lines-per-function -- over 80 once formatted (issue 23); to be split
export function SignUpForm({ onSignedUp, active }: { onSignedUp: (email: string) => void; active: boolean }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const register = useMutation(trpc.accounts.register.mutationOptions());

  const validate = (next: typeof EMPTY) => {
    const parsed = SignUpFormInput.safeParse({ ...next, roleID: 1 });
    return parsed.success ? {} : (firstFieldErrors(parsed.error) as Partial<Record<Field, string>>);
  };

  const set = (name: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [name]: e.target.value };
    setValues(next);
    // Re-check fields already visited, so a fixed mistake clears at once.
    const all = validate(next);
    setErrors(Object.fromEntries(Object.entries(all).filter(([k]) => touched[k as Field] || errors[k as Field])));
  };
  const blur = (name: Field) => () => {
    if (!values[name]) return;
    setTouched((t) => ({ ...t, [name]: true }));
    const all = validate(values);
    setErrors((prev) => ({ ...prev, [name]: all[name] }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = SignUpFormInput.safeParse({ ...values, roleID: 1 });
    if (!parsed.success) {
      setTouched(Object.fromEntries(Object.keys(EMPTY).map((k) => [k, true])));
      return setErrors(firstFieldErrors(parsed.error) as Partial<Record<Field, string>>);
    }
    const { confirmPassword: _c, ...payload } = parsed.data;
    register.mutate(
      { ...payload, roleID: 1 },
      {
        onSuccess: () => {
          notify.success(messages.account.signUpSuccess, { topic: 'signup' });
          setValues(EMPTY);
          setErrors({});
          setTouched({});
          onSignedUp(payload.email);
        },
        onError: (err) => {
          const e2 = readError(err, messages.account.signUpFailed);
          if (e2.fieldErrors && e2.status === 400) {
            for (const [field, list] of Object.entries(e2.fieldErrors))
              for (const m of list) notify.error(`${field}: ${m}`);
            setErrors(Object.fromEntries(Object.entries(e2.fieldErrors).map(([k, v]) => [k, v[0]])));
          } else {
            if (e2.status === 409) setErrors((p) => ({ ...p, email: e2.message }));
            notify.error(e2.message || messages.account.signUpFailed, { topic: 'signup' });
          }
        },
      },
    );
  };

  const field = (name: Field, label: string, type: string, autoComplete: string) => (
    <FormField
      label={label}
      type={type}
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={set(name)}
      onBlur={blur(name)}
      error={errors[name]}
      required
    />
  );

  return (
    <form className="acc-form" onSubmit={onSubmit} noValidate aria-labelledby="acc-signup-title" inert={!active}>
      <h2 id="acc-signup-title" className="acc-form__title">
        {messages.account.signUpTitle}
      </h2>
      <p className="acc-form__intro">{messages.account.signUpIntro}</p>
      <div className="acc-form__row">
        {field('firstName', messages.account.firstName, 'text', 'given-name')}
        {field('lastName', messages.account.lastName, 'text', 'family-name')}
      </div>
      {field('phoneNumber', messages.account.phoneNumber, 'tel', 'tel')}
      {field('email', messages.account.email, 'email', 'email')}
      <div className="acc-form__row">
        {field('password', messages.account.password, 'password', 'new-password')}
        {field('confirmPassword', messages.account.confirmPassword, 'password', 'new-password')}
      </div>
      <button
        type="submit"
        className="button button--block"
        disabled={register.isPending || Object.values(errors).some(Boolean)}
        data-testid="signup-submit"
      >
        {register.isPending ? messages.account.signingUp : messages.account.signUp}
      </button>
    </form>
  );
}
