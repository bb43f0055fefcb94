// @vitest-environment happy-dom
// Step-up on the profile (decision 237), against the real app with a 3-second proof window: once the sign-in's proof
// has lapsed, "Aktivizo" (two-step sign-in) is refused with STEP_UP_REQUIRED and the profile asks for the password in
// place; a wrong one shows its message on the field, the right one closes the question and the setup goes on by
// itself. "Anulo" leaves the change undone.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/messages/account';
import { StepUpDialog } from '#client/components/ui/step-up-dialog';
import { queryClient } from '#client/lib/trpc';
import { loginAs } from '#client/test/login';
import { renderInApp } from '#client/test/render';
import { recordRequests, startClientTestServer, type ClientTestServer } from '#client/test/server';
import { SecondFactorPanel } from './second-factor-panel';

const PROOF_SECONDS = 3;
const WAIT = { timeout: 15_000 };
const m = accountMessages.stepUp;
let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer({ stepUpSeconds: PROOF_SECONDS });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  queryClient.clear();
});

/** Signed in, then the proof left to lapse: the state a stolen token is in. */
async function signedInLongAgo() {
  await loginAs(server.customer);
  await new Promise((r) => setTimeout(r, PROOF_SECONDS * 1000 + 500));
}

const messageOf = (control: HTMLElement) =>
  document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

function renderProfilePart() {
  renderInApp(
    <>
      <SecondFactorPanel />
      <StepUpDialog />
    </>,
  );
}

describe('step-up dialog', () => {
  it('asks for the password when the proof has lapsed, then the refused change goes through', async () => {
    await signedInLongAgo();
    renderProfilePart();
    const requests = recordRequests();
    try {
      fireEvent.click(await screen.findByTestId('totp-start', undefined, WAIT));
      const input = await screen.findByTestId('step-up-input', undefined, WAIT);
      expect(screen.getByText(m.title)).toBeTruthy();
      expect(screen.queryByTestId('totp-secret')).toBeNull();

      fireEvent.change(input, { target: { value: 'Gabim#2026' } });
      fireEvent.submit(screen.getByTestId('step-up-confirm').closest('form')!);
      await waitFor(() => expect(messageOf(input)).toBe(m.wrong), WAIT);
      expect(screen.queryByTestId('totp-secret')).toBeNull();

      fireEvent.change(screen.getByTestId('step-up-input'), { target: { value: server.customer.password } });
      fireEvent.submit(screen.getByTestId('step-up-confirm').closest('form')!);
      // The setup the server refused is asked again by itself: its secret is on screen, the question is gone.
      await screen.findByTestId('totp-secret', undefined, WAIT);
      expect(screen.queryByTestId('step-up-input')).toBeNull();
      const setups = requests.paths.filter((p) => p.includes('secondFactor.setup'));
      const stepUps = requests.paths.filter((p) => p.includes('accounts.stepUp'));
      expect([setups.length, stepUps.length]).toEqual([2, 2]);
    } finally {
      requests.restore();
    }
  });

  it('"Anulo" closes the question and leaves the change undone', async () => {
    await signedInLongAgo();
    renderProfilePart();
    fireEvent.click(await screen.findByTestId('totp-start', undefined, WAIT));
    await screen.findByTestId('step-up-input', undefined, WAIT);
    fireEvent.click(screen.getByText(m.cancel));
    await waitFor(() => expect(screen.queryByTestId('step-up-input')).toBeNull());
    await waitFor(() => expect((screen.getByTestId('totp-start') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('totp-secret')).toBeNull();
  });
});
