// /dashboard/security (administrators): the switch that requires two-step sign-in of staff and administrators
// (decision 225). It saves at once; the server refuses it while the administrator has no second factor of their own.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { PageHeader } from '#client/components/dashboard/page-header';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';

const m = staffMessages.secondFactor;

export function SecuritySettings() {
  const qc = useQueryClient();
  const settings = useQuery(trpc.secondFactor.settings.queryOptions());
  const update = useMutation(trpc.secondFactor.updateSettings.mutationOptions());
  const on = settings.data?.requireStaffSecondFactor ?? false;
  const toggle = (next: boolean) =>
    update.mutate(
      { requireStaffSecondFactor: next },
      {
        onSuccess: (saved) => {
          qc.setQueryData(trpc.secondFactor.settings.queryKey(), saved);
          notify.success(m.saved, { topic: 'security' });
        },
        onError: (e) => notify.error(readError(e, m.saveFailed).message, { topic: 'security' }),
      },
    );
  return (
    <section aria-labelledby="security-title">
      <PageHeader title={m.settingsTitle} />
      <div className="dash-card dash-security" id="security-title">
        {settings.isError && <p role="alert">{messages.common.serverError}</p>}
        <label className="dash-toggle" htmlFor="require-second-factor">
          <input
            id="require-second-factor"
            type="checkbox"
            role="switch"
            checked={on}
            disabled={!settings.data || update.isPending}
            onChange={(e) => toggle(e.target.checked)}
            data-testid="require-second-factor"
          />
          {m.requireLabel}
        </label>
        <p className="dash-hint">{m.requireHint}</p>
        <p className="dash-hint">
          <Link to="/profile">{m.ownLink}</Link>
        </p>
      </div>
    </section>
  );
}
