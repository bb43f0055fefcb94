// Contact form: name, phone, email, message, validated with the shared ContactInput schema (same as the server).
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messages } from '../../../shared/messages';
import { ContactInput } from '../../../shared/schemas/contact';
import { FormField } from '../../components/ui/form-field';
import { readError } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';

type Field = 'name' | 'phone' | 'email' | 'message';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', phone: '', email: '', message: '' };
const m = messages.contact;

// eslint-disable-next-line max-lines-per-function -- over 80 once formatted (issue 23); to be split
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const send = useMutation(trpc.contact.send.mutationOptions());

  const update = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
    setStatus(null);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setStatus(null);
    const parsed = ContactInput.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      const first = (['name', 'phone', 'email', 'message'] as Field[]).find((f) => next[f]);
      if (first) e.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        setErrors({});
        setStatus({ kind: 'success', text: m.success });
      },
      onError: (err) => {
        const info = readError(err, m.failure);
        if (info.fieldErrors) {
          const next: Partial<Record<Field, string>> = {};
          for (const [k, list] of Object.entries(info.fieldErrors)) if (list[0]) next[k as Field] = list[0];
          setErrors(next);
        }
        setStatus({ kind: 'error', text: m.failure });
      },
    });
  };

  return (
    <form className="contact-form" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className="section-title section-title--sm">
        {m.formHeading}
      </h2>
      <div className="contact-form__row">
        <FormField
          label={m.name}
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={update('name')}
          error={errors.name}
        />
        <FormField
          label={m.phone}
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          value={values.phone}
          onChange={update('phone')}
          error={errors.phone}
        />
      </div>
      <FormField
        label={m.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={update('email')}
        error={errors.email}
      />
      <FormField
        label={m.message}
        name="message"
        multiline
        rows={6}
        required
        value={values.message}
        onChange={update('message')}
        error={errors.message}
      />
      <div className="contact-form__foot">
        <button type="submit" className="button" disabled={send.isPending}>
          {send.isPending ? m.sending : m.send}
        </button>
        <p
          className={`form-status${status ? ` form-status--${status.kind}` : ''}`}
          role="status"
          aria-live="polite"
          data-testid="contact-status"
        >
          {status?.text ?? ''}
        </p>
      </div>
    </form>
  );
}
