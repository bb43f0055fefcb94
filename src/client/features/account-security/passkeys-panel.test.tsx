// @vitest-environment happy-dom
// The passkey rename form shows the shared schema's message under the field (blank, too long) and sends nothing;
// "Anulo" leaves without saving.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, plural } from '#shared/messages';
import { PASSKEY_NAME_MAX } from '#shared/schemas/passkeys';
import { renderInApp } from '#client/test/render';
import { RenameForm } from './passkeys-panel';
import { accountMessages } from '#shared/messages/account';

const p = accountMessages.passkeys;
const PASSKEY = {
  passkeyID: 7,
  name: 'Çelës kalimi 1',
  createdAt: '2026-11-24T08:00:00.000Z',
  lastUsedAt: null,
  synced: false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function submitName(name: string) {
  const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
  vi.stubGlobal('fetch', fetchSpy);
  const onDone = vi.fn();
  renderInApp(<RenameForm passkey={PASSKEY} onDone={onDone} />);
  const input = await screen.findByLabelText(p.name);
  expect((input as HTMLInputElement).value).toBe(PASSKEY.name);
  fireEvent.change(input, { target: { value: name } });
  fireEvent.submit(screen.getByTestId('passkey-rename-save').closest('form')!);
  await screen.findByText(name.trim() ? plural(p.nameTooLong, PASSKEY_NAME_MAX) : messages.common.required);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(fetchSpy).not.toHaveBeenCalled();
  expect(onDone).not.toHaveBeenCalled();
  return onDone;
}

describe('passkey rename form', () => {
  it('a blank name is required', async () => {
    await submitName('   ');
  });

  it(`a name over ${PASSKEY_NAME_MAX} characters says how long it may be`, async () => {
    await submitName('a'.repeat(PASSKEY_NAME_MAX + 1));
  });

  it('"Anulo" leaves the form', async () => {
    const onDone = vi.fn();
    renderInApp(<RenameForm passkey={PASSKEY} onDone={onDone} />);
    fireEvent.click(await screen.findByText(p.cancel));
    expect(onDone).toHaveBeenCalledOnce();
  });
});
