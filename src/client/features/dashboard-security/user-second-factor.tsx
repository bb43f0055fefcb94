// The administrators' user screen: whether the user has two-step sign-in, and resetting it (a lost phone; decision
// 225). Never the secret: the server has no answer that gives another account's secret.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffMessages } from '#shared/messages-staff';
import { ConfirmDialog } from '#client/components/dashboard/confirm-dialog';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { stepUpMutation } from '#client/lib/step-up';
import { trpc } from '#client/lib/trpc';
import { useState } from 'react';

const m = staffMessages.secondFactor;

export function UserSecondFactor({ userId }: { userId: number }) {
  const qc = useQueryClient();
  const state = useQuery({ ...trpc.secondFactor.ofUser.queryOptions({ id: userId }), enabled: userId > 0 });
  const reset = useMutation(stepUpMutation(trpc.secondFactor.resetUser.mutationOptions()));
  const [asking, setAsking] = useState(false);
  if (!state.data) return null;
  const onReset = () =>
    reset.mutate(
      { id: userId },
      {
        onSuccess: (next) => {
          qc.setQueryData(trpc.secondFactor.ofUser.queryKey({ id: userId }), next);
          notify.success(m.resetDone, { topic: 'users' });
          setAsking(false);
        },
        onError: (e) => notify.error(readError(e, m.resetFailed).message, { topic: 'users' }),
      },
    );
  return (
    <div className="dash-card dash-security" data-testid="user-second-factor">
      <h2>{m.userTitle}</h2>
      <p>{state.data.enabled ? m.userOn : m.userOff}</p>
      {state.data.enabled && (
        <button type="button" className="dash-btn" onClick={() => setAsking(true)} disabled={reset.isPending}>
          {m.reset}
        </button>
      )}
      <ConfirmDialog
        open={asking}
        message={m.resetConfirm}
        labels={{ confirm: m.reset, keep: m.resetKeep }}
        onConfirm={onReset}
        onCancel={() => setAsking(false)}
        busy={reset.isPending}
      />
    </div>
  );
}
