// A staff member's sessions and last sign-ins under their edit form (administrators only; issue 28, decision 227),
// with "Përfundo të gjitha seancat". Customers' accounts show nothing here: the server refuses them (403).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatShopDateTime } from '#shared/dates';
import type { SessionDto, SignInDto } from '#shared/dto/accounts';
import { plural } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { staffMessages } from '#shared/messages-staff';
import { STAFF_ROLES } from '#shared/roles';
import { DataTable, type Column } from '#client/components/dashboard/data-table';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import '#client/components/dashboard/sales.css';

const t = accountMessages.sessions;
const st = staffMessages.staffSessions;

const sessionColumns: Column<SessionDto>[] = [
  { key: 'device', header: t.device, cell: (s) => s.device },
  { key: 'address', header: t.address, cell: (s) => s.address ?? t.unknownAddress },
  { key: 'signedIn', header: t.signedIn, className: 'sales-nowrap', cell: (s) => formatShopDateTime(s.signedInAt) },
  { key: 'lastSeen', header: t.lastSeen, className: 'sales-nowrap', cell: (s) => formatShopDateTime(s.lastSeenAt) },
];

const signInColumns: Column<SignInDto>[] = [
  { key: 'when', header: t.when, className: 'sales-nowrap', cell: (s) => formatShopDateTime(s.at) },
  {
    key: 'result',
    header: t.result,
    cell: (s) => (
      <span className={s.ok ? 'sales-badge is-delivered' : 'sales-badge is-cancelled'}>
        {s.ok ? t.succeeded : t.failed}
      </span>
    ),
  },
  { key: 'device', header: t.device, cell: (s) => s.device },
  { key: 'address', header: t.address, cell: (s) => s.address ?? t.unknownAddress },
  { key: 'method', header: t.methodTitle, cell: (s) => t.method[s.method] },
];

function StaffSessionLists({ id }: { id: number }) {
  const qc = useQueryClient();
  const sessions = useQuery(trpc.users.sessions.queryOptions({ id }));
  const signIns = useQuery(trpc.users.signIns.queryOptions({ id }));
  const endAll = useMutation(trpc.users.endAllSessions.mutationOptions());
  const { confirm, dialog } = useConfirm();
  async function onEndAll() {
    if (!(await confirm(st.confirmEndAll, { confirm: st.endAll, keep: st.keepAll }))) return;
    try {
      const out = await endAll.mutateAsync({ id });
      notify.success(plural(st.endedAll, out.ended));
    } catch (err) {
      notify.error(readError(err, st.endFailed).message);
    }
    await qc.invalidateQueries({ queryKey: trpc.users.sessions.queryKey({ id }) });
  }
  const loadError = (e: unknown) => (e ? readError(e, t.loadFailed).message : null);
  return (
    <>
      <section
        className="dash-card"
        aria-labelledby="staff-sessions"
        style={{ marginTop: 16 }}
        data-testid="staff-sessions"
      >
        <h2 className="sales-card-title" id="staff-sessions">
          {st.title}
        </h2>
        <DataTable
          columns={sessionColumns}
          rows={sessions.data}
          rowKey={(s) => s.id}
          loading={sessions.isPending}
          error={loadError(sessions.error)}
          emptyText={st.none}
          caption={st.title}
        />
        <p style={{ marginTop: 12 }}>
          <button
            type="button"
            className="dash-btn dash-btn--danger"
            onClick={() => void onEndAll()}
            disabled={endAll.isPending || !sessions.data?.length}
          >
            {st.endAll}
          </button>
        </p>
      </section>
      <section
        className="dash-card"
        aria-labelledby="staff-sign-ins"
        style={{ marginTop: 16 }}
        data-testid="staff-sign-ins"
      >
        <h2 className="sales-card-title" id="staff-sign-ins">
          {st.signInsTitle}
        </h2>
        <DataTable
          columns={signInColumns}
          rows={signIns.data}
          rowKey={(s) => s.id}
          loading={signIns.isPending}
          error={loadError(signIns.error)}
          emptyText={t.signInsEmpty}
          caption={st.signInsTitle}
        />
      </section>
      {dialog}
    </>
  );
}

/** Shown only for staff and administrator accounts (the user is read from the edit form's cached query). */
export function StaffSessionsPanel({ id }: { id: number }) {
  const user = useQuery(trpc.users.get.queryOptions({ id }));
  if (!user.data || !STAFF_ROLES.includes(user.data.roleID)) return null;
  return <StaffSessionLists id={id} />;
}
