// Contact form: name, phone, email, message, validated with the shared ContactInput schema (same as the server).
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { contactMessages } from '#shared/messages/contact';
import { ContactInput } from '#shared/schemas/contact';
import { Field } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { useForm } from '#client/lib/forms/use-form';
import { trpc } from '#client/lib/trpc';

const EMPTY = { name: '', phone: '', email: '', message: '' };
const m = contactMessages.contact;
type Status = { kind: 'success' | 'error'; text: string } | null;

function useContactForm() {
  const [status, setStatus] = useState<Status>(null);
  const send = useMutation(trpc.contact.send.mutationOptions());
  const form = useForm({
    initialValues: EMPTY,
    schema: ContactInput,
    errorFallback: m.failure,
    onSubmit: async (data, helpers) => {
      setStatus(null);
      await send.mutateAsync(data);
      helpers.reset();
      setStatus({ kind: 'success', text: m.success });
    },
    onInvalid: () => setStatus(null),
    onError: () => setStatus({ kind: 'error', text: m.failure }),
  });
  // Editing a field takes back what the last answer said.
  const input = (name: keyof typeof EMPTY) => {
    const props = form.input(name);
    return { ...props, onChange: (e: Parameters<typeof props.onChange>[0]) => (props.onChange(e), setStatus(null)) };
  };
  return { form, input, status };
}

export function ContactForm() {
  const { form, input, status } = useContactForm();
  return (
    <form className="contact-form" {...form.formProps} aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className="section-title section-title--sm">
        {m.formHeading}
      </h2>
      <div className="contact-form__row">
        <Field label={m.name} {...form.field('name')}>
          {(control) => <input {...control} {...input('name')} autoComplete="name" required />}
        </Field>
        <Field label={m.phone} {...form.field('phone')}>
          {(control) => (
            <input {...control} {...input('phone')} type="tel" autoComplete="tel" inputMode="tel" required />
          )}
        </Field>
      </div>
      <Field label={m.email} {...form.field('email')}>
        {(control) => <input {...control} {...input('email')} type="email" autoComplete="email" required />}
      </Field>
      <Field label={m.message} {...form.field('message')}>
        {(control) => <textarea {...control} {...input('message')} rows={6} required />}
      </Field>
      <div className="contact-form__foot">
        <SubmitButton form={form} label={m.send} pendingLabel={m.sending} />
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
