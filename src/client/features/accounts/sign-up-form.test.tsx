// @vitest-environment happy-dom
// The sign-up form shows the shared schema's message under the field for each kind of bad input; names typed in
// lowercase are no mistake (decision 209).
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { renderInApp } from '#client/test/render';
import { SignUpForm } from './sign-up-form';

const a = accountMessages.account;
const VALID = {
  firstName: 'Arta',
  lastName: 'Krasniqi',
  phoneNumber: '+38344123456',
  email: 'arta@example.com',
  password: 'Sekret#2026',
  confirmPassword: 'Sekret#2026',
};
const LABELS: Record<keyof typeof VALID, string> = {
  firstName: a.firstName,
  lastName: a.lastName,
  phoneNumber: a.phoneNumber,
  email: a.email,
  password: a.password,
  confirmPassword: a.confirmPassword,
};

afterEach(cleanup);

async function submitWith(values: Partial<typeof VALID>) {
  renderInApp(<SignUpForm onSignedUp={() => undefined} active />);
  for (const [field, label] of Object.entries(LABELS) as Array<[keyof typeof VALID, string]>) {
    fireEvent.change(await screen.findByLabelText(label), { target: { value: values[field] ?? '' } });
  }
  fireEvent.submit(screen.getByTestId('signup-submit').closest('form')!);
}

/** The message shown under the field, read through the field's aria-describedby. */
function messageOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  return document.getElementById(input.getAttribute('aria-describedby')!)?.textContent ?? null;
}

describe('sign-up form validation', () => {
  it('an empty form: every field is required', async () => {
    await submitWith({});
    for (const label of Object.values(LABELS)) expect(messageOf(label)).toBe(messages.common.required);
  });

  const cases: Array<[string, Partial<typeof VALID>, string, string]> = [
    ['first name with a digit', { firstName: 'Art4' }, a.firstName, a.firstNameCapital],
    ['last name with a digit', { lastName: 'Krasniqi2' }, a.lastName, a.lastNameCapital],
    ['phone number with letters', { phoneNumber: '044-abc' }, a.phoneNumber, a.invalidPhone],
    ['e-mail without a domain', { email: 'arta@' }, a.email, a.invalidEmail],
    [
      'password without a symbol',
      { password: 'Sekret2026', confirmPassword: 'Sekret2026' },
      a.password,
      a.passwordRules,
    ],
    ['password repeated wrongly', { confirmPassword: 'Sekret#2027' }, a.confirmPassword, a.passwordsMismatch],
    ['password not repeated', { confirmPassword: '' }, a.confirmPassword, messages.common.required],
    ['last name with a symbol', { lastName: 'Berisha!' }, a.lastName, a.lastNameCapital],
  ];
  it.each(cases)('%s', async (_name, bad, label, message) => {
    await submitWith({ ...VALID, ...bad });
    expect(messageOf(label)).toBe(message);
    expect(screen.getByTestId('signup-submit')).toHaveProperty('disabled', true);
  });

  it('names typed in lowercase (and a double last name, a grouped phone) show no message and leave the button enabled', async () => {
    renderInApp(<SignUpForm onSignedUp={() => undefined} active />);
    const typed = { ...VALID, firstName: 'arta', lastName: 'berisha-gashi', phoneNumber: '+383 44 123 456' };
    for (const [field, label] of Object.entries(LABELS) as Array<[keyof typeof VALID, string]>) {
      const input = await screen.findByLabelText(label);
      fireEvent.change(input, { target: { value: typed[field] } });
      fireEvent.blur(input);
    }
    expect(document.querySelectorAll('.field__error')).toHaveLength(0);
    expect(screen.getByTestId('signup-submit')).toHaveProperty('disabled', false);
  });

  it('valid values show no message', async () => {
    renderInApp(<SignUpForm onSignedUp={() => undefined} active />);
    for (const [field, label] of Object.entries(LABELS) as Array<[keyof typeof VALID, string]>) {
      fireEvent.change(await screen.findByLabelText(label), { target: { value: VALID[field] } });
    }
    expect(document.querySelectorAll('.field__error')).toHaveLength(0);
  });
});
