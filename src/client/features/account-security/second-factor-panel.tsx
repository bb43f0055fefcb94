// The profile's two-step sign-in panel (issue 28, decision 225): turn it on (QR code, the secret grouped for typing,
// confirmed with a first code), the ten recovery codes shown once, new recovery codes, and turning it off with the
// password or a code. Staff whom the administrator requires it of are told so here (the dashboard sends them here).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SecondFactorSetupDto } from '#shared/dto/second-factor';
import { plural } from '#shared/messages';
import { AppCodeInput, DisableSecondFactorInput } from '#shared/schemas/second-factor';
import { Field } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { readError } from '#client/lib/api-error';
import { useForm } from '#client/lib/forms/use-form';
import { notify } from '#client/lib/notify';
import { stepUpMutation } from '#client/lib/step-up';
import { trpc } from '#client/lib/trpc';
import { accountMessages } from '#shared/messages/account';

const m = accountMessages.secondFactor;

/** "JBSW Y3DP EHPK 3PXP …": four characters a group, easier to type from the screen. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();
const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function useStatusRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.secondFactor.status.queryKey() });
}

function CodeField({ form, label = m.code, testId }: { form: CodeForm; label?: string; testId: string }) {
  return (
    <Field label={label} {...form.field('code')}>
      {(control) => (
        <input
          {...control}
          {...form.input('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          data-testid={testId}
        />
      )}
    </Field>
  );
}

function useCodeForm(send: (code: string) => Promise<unknown>) {
  return useForm({
    initialValues: { code: '' },
    schema: AppCodeInput,
    errorFallback: m.failed,
    onSubmit: (data) => send(data.code),
  });
}
type CodeForm = ReturnType<typeof useCodeForm>;

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  // Shown once: brought into view (the form that asked for them was higher up, and may have been long).
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <div className="second-factor__codes" data-testid="recovery-codes" ref={ref}>
      <h3>{m.recoveryTitle}</h3>
      <p className="profile__hint">{m.recoveryIntro}</p>
      <ol className="second-factor__code-list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="button" onClick={onDone} data-testid="recovery-codes-done">
        {m.recoveryDone}
      </button>
    </div>
  );
}

function SetupSteps({ setup, onCancel, onConfirmed }: SetupStepsProps) {
  const confirm = useMutation(stepUpMutation(trpc.secondFactor.confirm.mutationOptions()));
  const form = useCodeForm(async (code) => onConfirmed((await confirm.mutateAsync({ code })).recoveryCodes));
  return (
    <form className="second-factor__setup" {...form.formProps}>
      <p className="profile__hint">{m.scan}</p>
      <div className="second-factor__pair">
        <img className="second-factor__qr" src={svgUrl(setup.qrSvg)} alt={m.qrAlt} width={200} height={200} />
        <div className="second-factor__secret">
          <span className="field__label">{m.secretLabel}</span>
          <code data-testid="totp-secret">{grouped(setup.secret)}</code>
        </div>
      </div>
      <CodeField form={form} testId="totp-setup-code" />
      <div className="profile__actions">
        <SubmitButton form={form} label={m.confirm} pendingLabel={m.confirming} testId="totp-confirm" />
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}
interface SetupStepsProps {
  setup: SecondFactorSetupDto;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}

function TurnOn({ mustSetUp, onCodes }: { mustSetUp: boolean; onCodes: (codes: string[]) => void }) {
  const start = useMutation(stepUpMutation(trpc.secondFactor.setup.mutationOptions()));
  const [setup, setSetup] = useState<SecondFactorSetupDto | null>(null);
  // Staff sent here by the dashboard: the panel is what they came for, so it is brought into view.
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    notice.current?.scrollIntoView({ block: 'center' });
  }, []);
  const begin = () =>
    start.mutate(undefined, {
      onSuccess: setSetup,
      onError: (e) => notify.error(readError(e, m.failed).message, { topic: 'second-factor' }),
    });
  if (setup)
    return (
      <SetupSteps
        setup={setup}
        onCancel={() => setSetup(null)}
        onConfirmed={(codes) => {
          setSetup(null);
          notify.success(m.turnedOn, { topic: 'second-factor' });
          onCodes(codes);
        }}
      />
    );
  return (
    <>
      {mustSetUp && (
        <p className="second-factor__notice" role="alert" data-testid="second-factor-required" ref={notice}>
          {m.requiredNotice}
        </p>
      )}
      <button type="button" className="button" onClick={begin} disabled={start.isPending} data-testid="totp-start">
        {start.isPending ? m.starting : m.turnOn}
      </button>
    </>
  );
}

function NewRecoveryCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const regenerate = useMutation(stepUpMutation(trpc.secondFactor.recoveryCodes.mutationOptions()));
  const form = useCodeForm(async (code) => {
    onCodes((await regenerate.mutateAsync({ code })).recoveryCodes);
    notify.success(m.regenerated, { topic: 'second-factor' });
  });
  return (
    <form className="second-factor__action" {...form.formProps}>
      <p className="profile__hint">{m.regenerateHint}</p>
      <CodeField form={form} testId="totp-regenerate-code" />
      <SubmitButton form={form} className="button button--ghost" label={m.regenerate} testId="totp-regenerate" />
    </form>
  );
}

function TurnOff({ onOff }: { onOff: () => void }) {
  const disable = useMutation(stepUpMutation(trpc.secondFactor.disable.mutationOptions()));
  const form = useForm({
    initialValues: { passwordOrCode: '' },
    schema: DisableSecondFactorInput,
    errorFallback: m.failed,
    onSubmit: async (data) => {
      await disable.mutateAsync(data);
      notify.success(m.turnedOff, { topic: 'second-factor' });
      onOff();
    },
  });
  return (
    <form className="second-factor__action" {...form.formProps}>
      <p className="profile__hint">{m.turnOffHint}</p>
      <Field label={m.passwordOrCode} {...form.field('passwordOrCode')}>
        {(control) => (
          <input {...control} {...form.input('passwordOrCode')} type="password" autoComplete="current-password" />
        )}
      </Field>
      <SubmitButton form={form} className="button button--ghost" label={m.turnOff} testId="totp-disable" />
    </form>
  );
}

export function SecondFactorPanel() {
  const status = useQuery(trpc.secondFactor.status.queryOptions());
  const refresh = useStatusRefresh();
  const [codes, setCodes] = useState<string[] | null>(null);
  const s = status.data;
  const showCodes = (next: string[]) => {
    setCodes(next);
    void refresh();
  };
  return (
    <section className="profile__card second-factor" aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className="second-factor__title">
        {m.title}{' '}
        {s && (
          <span className={`second-factor__badge${s.enabled ? ' is-on' : ''}`} data-testid="second-factor-state">
            {s.enabled ? m.statusOn : m.statusOff}
          </span>
        )}
      </h2>
      <p className="profile__hint">{m.intro}</p>
      {status.isError && <p role="alert">{m.loadFailed}</p>}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : s && !s.enabled ? (
        <TurnOn mustSetUp={s.mustSetUp} onCodes={showCodes} />
      ) : s ? (
        <>
          <p className="profile__hint">{plural(m.recoveryLeft, s.recoveryCodesLeft)}</p>
          <NewRecoveryCodes onCodes={showCodes} />
          {!s.required && <TurnOff onOff={() => void refresh()} />}
        </>
      ) : null}
    </section>
  );
}
