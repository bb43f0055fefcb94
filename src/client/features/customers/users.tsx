// Users (administrators only on the server): list with delete, add (password required) and edit (no password).
import { notify } from '#client/lib/notify';
import { Link, useNavigate } from '@tanstack/react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { staffMessages } from '#shared/messages-staff';
import type { UserDto } from '#shared/dto/users';
import { CreateUserInput, UpdateUserInput } from '#shared/schemas/users';
import { trpc } from '#client/lib/trpc';
import { stepUpMutation } from '#client/lib/step-up';
import { readError, type ClientError } from '#client/lib/api-error';
import { useForm } from '#client/lib/forms/use-form';
import { authFetch, clearSession } from '#client/lib/session';
import { STORAGE } from '#client/lib/storage-keys';
import { PageHeader } from '#client/components/dashboard/page-header';
import { HistoryLink } from '#client/components/dashboard/history-link';
import { DataTable, type Column } from '#client/components/dashboard/data-table';
import { Pager, usePageNumber } from '#client/components/dashboard/pager';
import { PAGE_SIZE_DEFAULT } from '#shared/schemas/paging';
import { FormCard } from '#client/components/dashboard/form-card';
import { Field } from '#client/components/ui/field';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { useDashboardSearch } from '#client/components/dashboard/search-store';

const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;

/** The accounts list: the customers screen's second tab, which gives the title and the add button. */
export function UserList() {
  const qc = useQueryClient();
  const search = useDashboardSearch();
  const [page, setPage] = usePageNumber(search);
  const users = useQuery({
    ...trpc.users.page.queryOptions({ ...(search ? { q: search } : {}), page, pageSize: PAGE_SIZE_DEFAULT }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation(trpc.users.remove.mutationOptions());
  const { confirm, dialog } = useConfirm();

  async function onDelete(u: UserDto) {
    if (!(await confirm(s.confirmDeleteUser))) return;
    try {
      await remove.mutateAsync({ id: u.userID });
      notify.success(s.userDeleted);
      await qc.invalidateQueries({ queryKey: trpc.users.pathKey() });
    } catch (err) {
      notify.error(readError(err, m.saveFailed).message);
    }
  }

  const columns: Column<UserDto>[] = [
    { key: 'id', header: '#', cell: (u) => u.userID },
    { key: 'name', header: s.firstName, cell: (u) => `${u.firstName} ${u.lastName}` },
    { key: 'email', header: s.email, cell: (u) => u.email },
    { key: 'phone', header: s.phoneNumber, cell: (u) => u.phoneNumber || '—' },
    { key: 'role', header: s.role, cell: (u) => <span className="dash-chip">{u.roleName}</span> },
    {
      key: 'actions',
      header: s.actions,
      className: 'actions',
      cell: (u) => (
        <>
          <Link to="/dashboard/edit-user/$id" params={{ id: String(u.userID) }} className="dash-btn dash-btn--sm">
            {messages.common.edit}
          </Link>
          <button type="button" className="dash-btn dash-btn--sm dash-btn--danger" onClick={() => void onDelete(u)}>
            {messages.common.delete}
          </button>
        </>
      ),
    },
  ];
  const rows = users.data?.items;
  return (
    <>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(u) => u.userID}
        loading={users.isPending}
        error={users.isError ? readError(users.error, s.loadFailed).message : null}
        emptyText={search ? messages.common.noResults : s.noUsers}
        caption={m.customers}
      />
      {users.data && <Pager page={page} pageSize={users.data.pageSize} total={users.data.total} onPage={setPage} />}
      {dialog}
    </>
  );
}

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  roleID: string;
}

/** The roles list comes from the server (GET /api/Roles/roles, staff only). */
function useRoles() {
  return useQuery({
    queryKey: ['roles', 'list'],
    queryFn: async () => {
      const res = await authFetch('/api/Roles/roles', { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(s.loadFailed);
      return (await res.json()) as Array<{ roleID: number; roleName: string }>;
    },
    staleTime: 5 * 60_000,
  });
}

export function UserFormScreen({ id }: { id?: number }) {
  const user = useQuery({ ...trpc.users.get.queryOptions({ id: id ?? 0 }), enabled: id !== undefined });
  const title = id === undefined ? m.addCustomer : s.editUser;
  let content;
  if (id === undefined)
    content = (
      <UserForm initial={{ firstName: '', lastName: '', email: '', phoneNumber: '', password: '', roleID: '' }} />
    );
  else if (user.isError)
    content = (
      <div className="dash-card sales-notice is-error" role="alert">
        {readError(user.error, s.loadFailed).status === 404
          ? s.userNotFound
          : readError(user.error, s.loadFailed).message}
      </div>
    );
  else if (!user.data) content = <div className="dash-card sales-notice">{messages.common.loading}</div>;
  else
    content = (
      <UserForm
        id={id}
        initial={{
          firstName: user.data.firstName,
          lastName: user.data.lastName,
          email: user.data.email,
          phoneNumber: user.data.phoneNumber,
          password: '',
          roleID: String(user.data.roleID),
        }}
      />
    );
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            {id !== undefined && <HistoryLink entity="user" id={id} />}
            <Link to="/dashboard/customers" search={{ tab: 'accounts' }} className="dash-btn">
              {m.customers}
            </Link>
          </>
        }
      />
      {content}
    </>
  );
}

/** Saves a new user (password required) or an existing one (no password); saving one's own account signs out. */
function useUserForm(id: number | undefined, initial: Values) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const create = useMutation(stepUpMutation(trpc.users.create.mutationOptions()));
  const update = useMutation(stepUpMutation(trpc.users.update.mutationOptions()));
  const done = async () => {
    notify.success(s.userSaved);
    await qc.invalidateQueries({ queryKey: trpc.users.pathKey() });
    await navigate({ to: '/dashboard/customers', search: { tab: 'accounts' } });
  };
  // Spec: saving the logged-in user's own account removes the stored token and role.
  const ownAccountSaved = async () => {
    localStorage.removeItem(STORAGE.authToken);
    localStorage.removeItem(STORAGE.roleID);
    clearSession();
    notify.success(s.ownAccountSaved);
    await qc.invalidateQueries();
    await navigate({ to: '/account' });
  };
  const common = {
    initialValues: initial,
    errorFallback: m.saveFailed,
    onError: (e: ClientError) => notify.error(e.message),
  };
  const createForm = useForm({
    ...common,
    schema: CreateUserInput,
    onSubmit: async (data) => (await create.mutateAsync(data), done()),
  });
  const editForm = useForm({
    ...common,
    schema: UpdateUserInput,
    toInput: ({ password: _password, ...rest }) => ({ ...rest, userID: id }),
    onSubmit: async (data) => {
      await update.mutateAsync(data);
      return String(localStorage.getItem(STORAGE.userId)) === String(id) ? ownAccountSaved() : done();
    },
  });
  return id === undefined ? createForm : editForm;
}

function UserForm({ id, initial }: { id?: number; initial: Values }) {
  const roles = useRoles();
  const form = useUserForm(id, initial);
  const text = (name: Exclude<keyof Values, 'roleID'>, label: string, htmlId: string, type = 'text') => (
    <Field label={label} {...form.field(name, `user-${htmlId}`)} required>
      {(control) => (
        <input
          {...control}
          {...form.input(name)}
          type={type}
          autoComplete={name === 'password' ? 'new-password' : 'off'}
        />
      )}
    </Field>
  );
  return (
    <FormCard form={form} submitLabel={messages.common.save}>
      <div className="dash-form-grid">
        {text('firstName', s.firstName, 'first')}
        {text('lastName', s.lastName, 'last')}
        {text('email', s.email, 'email', 'email')}
        {text('phoneNumber', s.phoneNumber, 'phone', 'tel')}
        {id === undefined && (
          <Field
            label={s.password}
            {...form.field('password', 'user-password')}
            hint={accountMessages.account.passwordRules}
            required
          >
            {(control) => (
              <input {...control} {...form.input('password')} type="password" autoComplete="new-password" />
            )}
          </Field>
        )}
        <Field label={s.role} {...form.field('roleID', 'user-role')} required>
          {(control) => (
            <select {...control} {...form.input('roleID')}>
              <option value="">{s.chooseRole}</option>
              {(roles.data ?? []).map((r) => (
                <option key={r.roleID} value={r.roleID}>
                  {r.roleName}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </FormCard>
  );
}
