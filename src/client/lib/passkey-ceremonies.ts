// The browser's side of passkeys (decision 226): @simplewebauthn/browser is loaded only when a passkey button is
// pressed on the login or profile screen (a dynamic import: never part of the storefront's first load).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { emailField } from '#shared/schemas/accounts';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { storeSession } from '#client/lib/session';
import { stepUpMutation } from '#client/lib/step-up';
import { trpc } from '#client/lib/trpc';
import { accountMessages } from '#shared/messages/account';

const p = accountMessages.passkeys;
const loadBrowserPart = () => import('@simplewebauthn/browser');

/** The text for a failed ceremony: the person closed the prompt, the browser cannot, or the server refused. */
function failureText(err: unknown, fallback: string): string {
  const name = err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return p.cancelled;
  if (name === 'NotSupportedError' || name === 'SecurityError') return p.unsupported;
  if (name === 'InvalidStateError') return p.alreadyAdded;
  const info = readError(err, fallback);
  return info.status && info.status < 500 ? info.message : fallback;
}

/** "Hyr me çelës kalimi": with a valid e-mail typed in the form, only that account's passkey is accepted. */
export function usePasskeyLogin(onLoggedIn: (delayMs: number) => void) {
  const options = useMutation(trpc.passkeys.loginOptions.mutationOptions());
  const login = useMutation(trpc.passkeys.login.mutationOptions());
  const [busy, setBusy] = useState(false);
  const signIn = async (typedEmail: string) => {
    if (busy) return;
    setBusy(true);
    try {
      const webauthn = await loadBrowserPart();
      if (!webauthn.browserSupportsWebAuthn()) return void notify.error(p.unsupported, { topic: 'session' });
      const email = emailField.safeParse(typedEmail);
      const optionsJSON = await options.mutateAsync(email.success ? { email: email.data } : {});
      const response = await webauthn.startAuthentication({ optionsJSON });
      const res = await login.mutateAsync({ response });
      storeSession({ token: res.token, roleID: res.roleID, userId: res.userID });
      notify.success(accountMessages.account.loginSuccess, { topic: 'session' });
      onLoggedIn(0);
    } catch (err) {
      notify.error(failureText(err, p.loginFailed), { topic: 'session' });
    } finally {
      setBusy(false);
    }
  };
  return { signIn, busy };
}

/** "Shto çelës kalimi" on the profile: the browser makes the credential, the server checks and keeps it. */
export function usePasskeyRegistration() {
  const qc = useQueryClient();
  const options = useMutation(stepUpMutation(trpc.passkeys.registrationOptions.mutationOptions()));
  const register = useMutation(stepUpMutation(trpc.passkeys.register.mutationOptions()));
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const webauthn = await loadBrowserPart();
      if (!webauthn.browserSupportsWebAuthn()) return void notify.error(p.unsupported, { topic: 'passkeys' });
      const optionsJSON = await options.mutateAsync();
      const response = await webauthn.startRegistration({ optionsJSON });
      await register.mutateAsync({ response });
      await qc.invalidateQueries({ queryKey: trpc.passkeys.list.queryKey() });
      notify.success(p.added, { topic: 'passkeys' });
    } catch (err) {
      notify.error(failureText(err, p.addFailed), { topic: 'passkeys' });
    } finally {
      setBusy(false);
    }
  };
  return { add, busy };
}
