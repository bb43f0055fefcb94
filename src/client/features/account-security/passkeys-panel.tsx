// The profile's passkeys (decision 226): the list with when each was added and last used, "Shto çelës kalimi", a
// rename form and removal with a question on the row, in the shop's words. Shown only where the shop's address can
// hold passkeys (`accounts.providers`, decision 238).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDate } from '#shared/dates';
import type { PasskeyDto } from '#shared/dto/passkeys';
import { fill, messages } from '#shared/messages';
import { PASSKEY_NAME_MAX, PasskeyNameForm } from '#shared/schemas/passkeys';
import { Field } from '#client/components/ui/field';
import { SubmitButton } from '#client/components/ui/submit-button';
import { useForm } from '#client/lib/forms/use-form';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { stepUpMutation } from '#client/lib/step-up';
import { trpc } from '#client/lib/trpc';
import { usePasskeyRegistration } from '#client/lib/passkey-ceremonies';
import { accountMessages } from '#shared/messages/account';

const p = accountMessages.passkeys;

function RemoveQuestion({ onKeep, onRemove, busy }: { onKeep: () => void; onRemove: () => void; busy: boolean }) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <div className="pk-row__confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId}>{p.confirmRemove}</p>
      <button type="button" className="button button--ghost" onClick={onKeep} ref={keepRef}>
        {p.keep}
      </button>
      <button type="button" className="button" onClick={onRemove} disabled={busy} data-testid="passkey-remove-confirm">
        {p.removeConfirm}
      </button>
    </div>
  );
}

export function RenameForm({ passkey, onDone }: { passkey: PasskeyDto; onDone: () => void }) {
  const qc = useQueryClient();
  const rename = useMutation(trpc.passkeys.rename.mutationOptions());
  const form = useForm({
    initialValues: { name: passkey.name },
    schema: PasskeyNameForm,
    errorFallback: p.saveFailed,
    onSubmit: async (data) => {
      await rename.mutateAsync({ passkeyId: passkey.passkeyID, name: data.name });
      await qc.invalidateQueries({ queryKey: trpc.passkeys.list.queryKey() });
      notify.success(p.renamed, { topic: 'passkeys' });
      onDone();
    },
    onError: (e) => notify.error(e.message || p.saveFailed, { topic: 'passkeys' }),
  });
  return (
    <form className="pk-row__rename" {...form.formProps}>
      <Field label={p.name} {...form.field('name')}>
        {(control) => <input {...control} {...form.input('name')} maxLength={PASSKEY_NAME_MAX} autoFocus />}
      </Field>
      <div className="pk-row__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {p.cancel}
        </button>
        <SubmitButton form={form} label={p.save} testId="passkey-rename-save" />
      </div>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyDto }) {
  const qc = useQueryClient();
  const remove = useMutation(stepUpMutation(trpc.passkeys.remove.mutationOptions()));
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const onRemove = () =>
    remove.mutate(
      { passkeyId: passkey.passkeyID },
      {
        onSuccess: async () => {
          await qc.invalidateQueries({ queryKey: trpc.passkeys.list.queryKey() });
          notify.success(p.removed, { topic: 'passkeys' });
        },
        onError: (e) => notify.error(readError(e, p.saveFailed).message, { topic: 'passkeys' }),
      },
    );
  if (mode === 'rename')
    return (
      <li className="pk-row" data-testid="passkey">
        <RenameForm passkey={passkey} onDone={() => setMode('view')} />
      </li>
    );
  return (
    <li className="pk-row" data-testid="passkey">
      <div className="pk-row__text">
        <strong className="pk-row__name">{passkey.name}</strong>
        <span>{fill(p.createdOn, { date: formatDate(passkey.createdAt) })}</span>
        <span>{passkey.lastUsedAt ? fill(p.lastUsed, { date: formatDate(passkey.lastUsedAt) }) : p.neverUsed}</span>
      </div>
      {mode === 'remove' ? (
        <RemoveQuestion onKeep={() => setMode('view')} onRemove={onRemove} busy={remove.isPending} />
      ) : (
        <div className="pk-row__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setMode('rename')}
            data-testid="passkey-rename"
          >
            {p.rename}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setMode('remove')}
            data-testid="passkey-remove"
          >
            {p.remove}
          </button>
        </div>
      )}
    </li>
  );
}

function PasskeysPanel() {
  const list = useQuery(trpc.passkeys.list.queryOptions());
  const { add, busy } = usePasskeyRegistration();
  const passkeys = list.data ?? [];
  return (
    <section className="profile__card pk-panel" aria-labelledby="pk-title" data-testid="passkeys">
      <h2 id="pk-title" className="pk-panel__title">
        {p.title}
      </h2>
      <p className="pk-panel__intro">{p.intro}</p>
      {list.isLoading ? (
        <p className="status-text">{messages.common.loading}</p>
      ) : passkeys.length === 0 ? (
        <p className="status-text">{p.empty}</p>
      ) : (
        <ul className="pk-panel__list">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.passkeyID} passkey={passkey} />
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button"
        onClick={() => void add()}
        disabled={busy}
        aria-busy={busy || undefined}
        data-testid="passkey-add"
      >
        {busy ? p.adding : p.add}
      </button>
    </section>
  );
}

/** The profile's passkey section, or nothing while the server has not said passkeys work at this shop's address. */
export function PasskeysSection() {
  const providers = useQuery({ ...trpc.accounts.providers.queryOptions(), staleTime: Infinity });
  if (!providers.data?.passkeys) return null;
  return (
    <div className="profile profile--passkeys">
      <PasskeysPanel />
    </div>
  );
}
