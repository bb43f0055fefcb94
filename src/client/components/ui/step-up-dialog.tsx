// The step-up question (decision 237): "Konfirmoni që jeni ju", the password or a code (or one of the account's
// passkeys), in a small modal over the screen whose change the server refused for want of a fresh proof
// (lib/step-up.ts asks, this answers). Mounted once by each screen with such changes (the profile, the dashboard).
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { accountMessages } from '#shared/messages/account';
import { StepUpInput } from '#shared/schemas/accounts';
import { readError } from '#client/lib/api-error';
import { useForm } from '#client/lib/forms/use-form';
import { onStepUpAsked, passkeysSupported, proveWithPasskey } from '#client/lib/step-up';
import { trpc } from '#client/lib/trpc';
import { useModalDialog } from '#client/lib/use-modal-dialog';
import { Field } from './field';
import { SubmitButton } from './submit-button';
import './step-up-dialog.css';

const m = accountMessages.stepUp;

/** "Konfirmo me çelës kalimi": only for an account with a passkey, in a browser that can use one. */
function PasskeyProof({ onProved }: { onProved: () => void }) {
  const passkeys = useQuery({ ...trpc.passkeys.list.queryOptions(), enabled: passkeysSupported() });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!passkeys.data?.length) return null;
  const prove = async () => {
    setBusy(true);
    setError(null);
    try {
      await proveWithPasskey();
      onProved();
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      const cancelled = name === 'NotAllowedError' || name === 'AbortError';
      setError(cancelled ? accountMessages.passkeys.cancelled : readError(err, m.passkeyFailed).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="step-up__passkey">
      <button
        type="button"
        className="button button--ghost"
        onClick={() => void prove()}
        disabled={busy}
        aria-busy={busy || undefined}
        data-testid="step-up-passkey"
      >
        {busy ? accountMessages.passkeys.loggingIn : m.usePasskey}
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}

export function StepUpDialog() {
  const [open, setOpen] = useState(false);
  const answer = useRef<((proved: boolean) => void) | null>(null);
  const ref = useModalDialog(open);
  const stepUp = useMutation(trpc.accounts.stepUp.mutationOptions());
  const close = useCallback((proved: boolean) => {
    setOpen(false);
    answer.current?.(proved);
    answer.current = null;
  }, []);
  const form = useForm({
    initialValues: { passwordOrCode: '' },
    schema: StepUpInput,
    errorFallback: m.wrong,
    onSubmit: async (data, helpers) => {
      await stepUp.mutateAsync(data);
      helpers.reset();
      close(true);
    },
  });
  useEffect(
    () =>
      onStepUpAsked(
        () =>
          new Promise<boolean>((resolve) => {
            answer.current = resolve;
            setOpen(true);
          }),
      ),
    [],
  );
  // Leaving the screen with the question open: the change stays refused.
  useEffect(() => () => answer.current?.(false), []);
  return (
    <dialog
      ref={ref}
      className="step-up"
      aria-labelledby="step-up-title"
      data-testid="step-up"
      onCancel={(e) => {
        e.preventDefault();
        close(false);
      }}
    >
      {open && (
        <form {...form.formProps}>
          <h2 id="step-up-title">{m.title}</h2>
          <p className="profile__hint">{m.intro}</p>
          <Field label={m.passwordOrCode} {...form.field('passwordOrCode')}>
            {(control) => (
              <input
                {...control}
                {...form.input('passwordOrCode')}
                type="password"
                autoComplete="current-password"
                autoFocus
                data-testid="step-up-input"
              />
            )}
          </Field>
          {form.formError && !form.errors.passwordOrCode && <p role="alert">{form.formError}</p>}
          <div className="profile__actions">
            <SubmitButton form={form} label={m.confirm} pendingLabel={m.confirming} testId="step-up-confirm" />
            <button type="button" className="button button--ghost" onClick={() => close(false)}>
              {m.cancel}
            </button>
          </div>
          <PasskeyProof onProved={() => close(true)} />
        </form>
      )}
    </dialog>
  );
}
