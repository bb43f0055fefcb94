// @vitest-environment happy-dom
// The form helper and the field: the shared schema's messages under the fields (aria-invalid, aria-describedby),
// the server's field messages (tRPC's formatter and a REST body) mapped back, the form-level error, and one
// submit at a time with the pending label.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { accountMessages } from '#shared/messages/account';
import { contactMessages } from '#shared/messages/contact';
import { ContactInput } from '#shared/schemas/contact';
import { SignUpFormInput } from '#shared/schemas/accounts';
import { Field, FieldLook } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { RestError, type ClientError } from '../api-error';
import { mapFieldErrors, useForm, type FormOptions } from './use-form';

const c = contactMessages.contact;
const EMPTY = { name: '', phone: '', email: '', message: '' };
const VALID = { name: 'Arta', phone: '+38344123456', email: 'arta@example.com', message: 'Përshëndetje' };
type Values = typeof EMPTY;
const LABELS: Record<keyof Values, string> = { name: c.name, phone: c.phone, email: c.email, message: c.message };

afterEach(cleanup);

/** A trpc-client error as the server's formatter shapes it (src/server/trpc/init.ts). */
const trpcError = (httpStatus: number, message: string, fieldErrors?: Record<string, string[]>) =>
  Object.assign(new Error(message), { data: { httpStatus, fieldErrors } });

function ContactLike(props: Partial<FormOptions<Values, unknown>> & { onSubmit: (data: unknown) => unknown }) {
  const form = useForm({ initialValues: EMPTY, schema: ContactInput, errorFallback: c.failure, ...props });
  return (
    <form {...form.formProps} aria-label="test">
      {(Object.keys(LABELS) as Array<keyof Values>).map((name) => (
        <Field key={name} label={LABELS[name]} {...form.field(name)}>
          {(control) => <input {...control} {...form.input(name)} />}
        </Field>
      ))}
      {form.formError && <p data-testid="form-error">{form.formError}</p>}
      <SubmitButton form={form} label={c.send} pendingLabel={c.sending} />
    </form>
  );
}

function fillIn(values: Partial<Values>) {
  for (const [name, label] of Object.entries(LABELS) as Array<[keyof Values, string]>)
    fireEvent.change(screen.getByLabelText(label), { target: { value: values[name] ?? '' } });
}
const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'test' }));

/** The message under a control, read through its aria-describedby; the control must say it is invalid. */
function messageOf(label: string): string | null {
  const control = screen.getByLabelText(label);
  expect(control.getAttribute('aria-invalid')).toBe('true');
  return document.getElementById(control.getAttribute('aria-describedby')!)?.textContent ?? null;
}

describe('useForm: the browser-side check with the shared schema', () => {
  it('shows each field’s message, marks it invalid, focuses the first and sends nothing', () => {
    const onSubmit = vi.fn();
    render(<ContactLike onSubmit={onSubmit} />);
    fillIn({ ...VALID, name: '', email: 'arta@' });
    submit();
    expect(messageOf(c.name)).toBe(c.nameRequired);
    expect(messageOf(c.email)).toBe(c.invalidEmail);
    expect(screen.getByLabelText(c.phone).hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByLabelText(c.phone).hasAttribute('aria-describedby')).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText(c.name));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('editing a field takes its message away', () => {
    render(<ContactLike onSubmit={vi.fn()} />);
    submit();
    expect(messageOf(c.email)).toBe(c.emailRequired);
    fireEvent.change(screen.getByLabelText(c.email), { target: { value: 'a' } });
    expect(screen.getByLabelText(c.email).hasAttribute('aria-invalid')).toBe(false);
    expect(messageOf(c.name)).toBe(c.nameRequired);
  });

  it('sends the parsed data (trimmed) when the values pass', async () => {
    const onSubmit = vi.fn();
    render(<ContactLike onSubmit={onSubmit} />);
    fillIn({ ...VALID, name: '  Arta  ' });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: 'Arta', email: 'arta@example.com' });
  });

  it("'blur' mode: a field left filled in is checked at once; names in lowercase are no mistake", () => {
    const a = accountMessages.account;
    function SignUpLike() {
      const form = useForm({
        initialValues: { firstName: '', email: '' },
        schema: SignUpFormInput,
        // The fields this form leaves out, valid.
        toInput: (v) => ({
          ...v,
          lastName: 'Krasniqi',
          phoneNumber: '+38344123456',
          password: 'Sekret#2026',
          confirmPassword: 'Sekret#2026',
          roleID: 1,
        }),
        errorFallback: a.signUpFailed,
        validateOn: 'blur',
        onSubmit: () => undefined,
      });
      return (
        <form {...form.formProps}>
          <Field label={a.firstName} {...form.field('firstName')}>
            {(control) => <input {...control} {...form.input('firstName')} />}
          </Field>
          <Field label={a.email} {...form.field('email')}>
            {(control) => <input {...control} {...form.input('email')} />}
          </Field>
        </form>
      );
    }
    render(<SignUpLike />);
    const first = screen.getByLabelText(a.firstName);
    fireEvent.change(first, { target: { value: 'art4' } });
    expect(first.hasAttribute('aria-invalid')).toBe(false); // not yet left
    fireEvent.blur(first);
    expect(messageOf(a.firstName)).toBe(a.firstNameCapital);
    fireEvent.change(first, { target: { value: 'arta' } });
    expect(first.hasAttribute('aria-invalid')).toBe(false); // fixed: cleared as typed
    expect(screen.getByLabelText(a.email).hasAttribute('aria-invalid')).toBe(false); // never visited
  });
});

describe('useForm: a message goes once its field is fixed (issue 25)', () => {
  it('values set together (a saved address, a form of sections) clear the fixed fields’ messages only', () => {
    function FillLike() {
      const form = useForm({ initialValues: EMPTY, schema: ContactInput, errorFallback: c.failure, onSubmit: vi.fn() });
      return (
        <form {...form.formProps} aria-label="test">
          {(Object.keys(LABELS) as Array<keyof Values>).map((name) => (
            <Field key={name} label={LABELS[name]} {...form.field(name)}>
              {(control) => <input {...control} {...form.input(name)} />}
            </Field>
          ))}
          <button type="button" onClick={() => form.setValues((v) => ({ ...v, name: 'Arta', email: 'arta@' }))}>
            Plotëso
          </button>
        </form>
      );
    }
    render(<FillLike />);
    submit();
    expect(messageOf(c.name)).toBe(c.nameRequired);
    fireEvent.click(screen.getByRole('button', { name: 'Plotëso' }));
    expect(screen.getByLabelText(c.name).hasAttribute('aria-invalid')).toBe(false);
    // Edited, so its message goes until the next check, which finds the new mistake.
    expect(screen.getByLabelText(c.email).hasAttribute('aria-invalid')).toBe(false);
    expect(messageOf(c.phone)).toBe(c.phoneRequired);
    submit();
    expect(messageOf(c.email)).toBe(c.invalidEmail);
  });

  it('a rule across fields: fixing the start date takes the end date’s message away', () => {
    const Dates = z
      .object({ startDate: z.string(), endDate: z.string() })
      .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: 'Mbarimi është para fillimit.' });
    function DatesLike() {
      const form = useForm({
        initialValues: { startDate: '2026-12-10', endDate: '2026-12-01' },
        schema: Dates,
        errorFallback: c.failure,
        onSubmit: vi.fn(),
      });
      return (
        <form {...form.formProps} aria-label="test">
          <Field label="Fillimi" {...form.field('startDate')}>
            {(control) => <input {...control} {...form.input('startDate')} />}
          </Field>
          <Field label="Mbarimi" {...form.field('endDate')}>
            {(control) => <input {...control} {...form.input('endDate')} />}
          </Field>
        </form>
      );
    }
    render(<DatesLike />);
    submit();
    expect(messageOf('Mbarimi')).toBe('Mbarimi është para fillimit.');
    fireEvent.change(screen.getByLabelText('Fillimi'), { target: { value: '2026-12-05' } });
    expect(messageOf('Mbarimi')).toBe('Mbarimi është para fillimit.'); // still after the end
    fireEvent.change(screen.getByLabelText('Fillimi'), { target: { value: '2026-11-30' } });
    expect(screen.getByLabelText('Mbarimi').hasAttribute('aria-invalid')).toBe(false);
  });

  it('a server’s message stays while other fields change and goes when its own field is edited', async () => {
    const failing = () => {
      throw new RestError(409, { Message: 'Ekziston.', errors: { email: ['Ky e-mail është i zënë.'] } });
    };
    render(<ContactLike onSubmit={failing} />);
    fillIn(VALID);
    submit();
    await waitFor(() => expect(messageOf(c.email)).toBe('Ky e-mail është i zënë.'));
    fireEvent.change(screen.getByLabelText(c.name), { target: { value: 'Arta K.' } });
    expect(messageOf(c.email)).toBe('Ky e-mail është i zënë.');
    fireEvent.change(screen.getByLabelText(c.email), { target: { value: 'arta.k@example.com' } });
    expect(screen.getByLabelText(c.email).hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('useForm: the server’s answer', () => {
  it('maps tRPC field messages (a nested path too) to the fields and reports the form-level error', async () => {
    const onError = vi.fn();
    const failing = () => {
      throw trpcError(400, 'Të dhëna të pavlefshme.', {
        'customerDetails.email': ['E-maili është i zënë.'],
        phone: ['Numri nuk pranohet.'],
        promoCode: ['Kodi ka skaduar.'],
      });
    };
    render(<ContactLike onSubmit={failing} onError={onError} />);
    fillIn(VALID);
    submit();
    await waitFor(() => expect(messageOf(c.email)).toBe('E-maili është i zënë.'));
    expect(messageOf(c.phone)).toBe('Numri nuk pranohet.');
    expect(screen.getByTestId('form-error').textContent).toBe('Të dhëna të pavlefshme.');
    const [info, , unmatched] = onError.mock.calls[0] as [ClientError, unknown, Record<string, string[]>];
    expect(info.status).toBe(400);
    expect(unmatched).toEqual({ promoCode: ['Kodi ka skaduar.'] });
  });

  it('reads a REST body ({ Message, errors }) the same way', async () => {
    const failing = () => {
      throw new RestError(400, { Message: 'Kontrolloni fushat.', errors: { name: ['Emri është shumë i gjatë.'] } });
    };
    render(<ContactLike onSubmit={failing} />);
    fillIn(VALID);
    submit();
    await waitFor(() => expect(messageOf(c.name)).toBe('Emri është shumë i gjatë.'));
    expect(screen.getByTestId('form-error').textContent).toBe('Kontrolloni fushat.');
  });

  it('a server failure (5xx) or a lost connection shows the form’s own text, never the raw one', async () => {
    render(<ContactLike onSubmit={() => Promise.reject(trpcError(500, 'Internal stack trace'))} />);
    fillIn(VALID);
    submit();
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe(c.failure));
  });
});

describe('useForm: submit state', () => {
  it('disables the button with its pending label while sending, and sends once however often it is clicked', async () => {
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ContactLike onSubmit={onSubmit} />);
    fillIn(VALID);
    submit();
    submit(); // same tick: before React re-renders the disabled button
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe(c.sending));
    const button = screen.getByRole('button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe(c.send));
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(false);
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });
});

describe('Field', () => {
  it('ties the hint to the control until an error replaces it', () => {
    const { rerender } = render(
      <Field id="f" label="Fjalëkalimi" hint="Së paku 8 shenja.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Fjalëkalimi');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Së paku 8 shenja.');
    expect(input.className).toBe('field__control');
    rerender(
      <Field id="f" label="Fjalëkalimi" hint="Së paku 8 shenja." error="Shumë i shkurtër.">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(messageOf('Fjalëkalimi')).toBe('Shumë i shkurtër.');
    expect(screen.queryByText('Së paku 8 shenja.')).toBeNull();
  });

  it('takes the dashboard’s look inside a dashboard form: asterisk for required, the message as an alert', () => {
    render(
      <FieldLook.Provider value="dashboard">
        <Field id="size-name" label="Madhësia" required error="E detyrueshme.">
          {(control) => <input {...control} />}
        </Field>
      </FieldLook.Provider>,
    );
    expect(document.querySelector('.dash-field.has-error')).not.toBeNull();
    expect(document.querySelector('.dash-required')?.textContent).toContain('*');
    expect(screen.getByRole('alert').id).toBe('size-name-error');
    expect(messageOf('Madhësia *')).toBe('E detyrueshme.');
  });
});

describe('mapFieldErrors', () => {
  it('finds the field by the path, its first or its last segment; the rest is left over', () => {
    const names = ['email', 'variants', 'productIDs'];
    expect(
      mapFieldErrors(
        { 'customerDetails.email': ['a'], 'variants.0.sizeID': ['b'], applicableProductIDs: ['c'], _: ['d'] },
        names,
        (path) => (path === 'applicableProductIDs' ? 'productIDs' : undefined),
      ),
    ).toEqual({
      fields: { email: 'a', variants: 'b', productIDs: 'c' },
      unmatched: { _: ['d'] },
      paths: { email: 'customerDetails.email', variants: 'variants.0.sizeID', productIDs: 'applicableProductIDs' },
    });
  });
});
