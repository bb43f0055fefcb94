// Users (administrators only on the server): list with delete, add (password required) and edit (no password).
import { notify } from '../../lib/notify';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import type { UserDto } from '../../../shared/dto/users';
import { CreateUserInput, UpdateUserInput } from '../../../shared/schemas/users';
import { trpc } from '../../lib/trpc';
import { readError } from '../../lib/api-error';
import { authFetch, clearSession } from '../../lib/session';
import { STORAGE } from '../../lib/storage-keys';
import { PageHeader } from '../../components/dashboard/page-header';
import { DataTable, type Column } from '../../components/dashboard/data-table';
import { Pager, usePageNumber } from '../../components/dashboard/pager';
import { PAGE_SIZE_DEFAULT } from '../../../shared/schemas/paging';
import { FormCard, FormField } from '../../components/dashboard/form-field';
import { useConfirm } from '../../components/dashboard/confirm-dialog';
import { useDashboardSearch } from '../../components/dashboard/search-store';
import { serverErrors, validate, type FieldErrors } from './sales-kit';

const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;

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
      <PageHeader
        title={m.customers}
        actions={
          <Link to="/dashboard/add-customer" className="dash-btn dash-btn--primary">
            {m.addCustomer}
          </Link>
        }
      />
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
          <Link to="/dashboard/customers" className="dash-btn">
            {m.customers}
          </Link>
        }
      />
      {content}
    </>
  );
}

// eslint-disable-next-line max-lines-per-function -- over 80 once formatted (issue 23); to be split
function UserForm({ id, initial }: { id?: number; initial: Values }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const roles = useRoles();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useMutation(trpc.users.create.mutationOptions());
  const update = useMutation(trpc.users.update.mutationOptions());
  const isEdit = id !== undefined;

  const set = (key: keyof Values, v: string) => {
    setValues((o) => ({ ...o, [key]: v }));
    setErrors((o) => ({ ...o, [key]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    try {
      if (!isEdit) {
        const v = validate(CreateUserInput, values);
        if (v.errors) return setErrors(v.errors);
        await create.mutateAsync(v.data);
      } else {
        const { password: _password, ...rest } = values;
        const v = validate(UpdateUserInput, { ...rest, userID: id });
        if (v.errors) return setErrors(v.errors);
        await update.mutateAsync(v.data);
        // Spec: saving the logged-in user's own account removes the stored token and role.
        if (String(localStorage.getItem(STORAGE.userId)) === String(id)) {
          localStorage.removeItem(STORAGE.authToken);
          localStorage.removeItem(STORAGE.roleID);
          clearSession();
          notify.success(s.ownAccountSaved);
          await qc.invalidateQueries();
          await navigate({ to: '/account' as '/' });
          return;
        }
      }
      notify.success(s.userSaved);
      await qc.invalidateQueries({ queryKey: trpc.users.pathKey() });
      await navigate({ to: '/dashboard/customers' });
    } catch (err) {
      const { message, errors: fieldErrors } = serverErrors(err, m.saveFailed);
      setErrors(fieldErrors);
      notify.error(message);
    }
  }

  const f = (name: string) => `user-${name}`;
  return (
    <FormCard
      onSubmit={(e) => void onSubmit(e)}
      submitLabel={messages.common.save}
      busy={create.isPending || update.isPending}
    >
      <div className="dash-form-grid">
        <FormField label={s.firstName} htmlFor={f('first')} error={errors.firstName} required>
          <input
            id={f('first')}
            value={values.firstName}
            onChange={(e) => set('firstName', e.target.value)}
            autoComplete="off"
          />
        </FormField>
        <FormField label={s.lastName} htmlFor={f('last')} error={errors.lastName} required>
          <input
            id={f('last')}
            value={values.lastName}
            onChange={(e) => set('lastName', e.target.value)}
            autoComplete="off"
          />
        </FormField>
        <FormField label={s.email} htmlFor={f('email')} error={errors.email} required>
          <input
            id={f('email')}
            type="email"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            autoComplete="off"
          />
        </FormField>
        <FormField label={s.phoneNumber} htmlFor={f('phone')} error={errors.phoneNumber} required>
          <input
            id={f('phone')}
            type="tel"
            value={values.phoneNumber}
            onChange={(e) => set('phoneNumber', e.target.value)}
            autoComplete="off"
          />
        </FormField>
        {!isEdit && (
          <FormField
            label={s.password}
            htmlFor={f('password')}
            error={errors.password}
            hint={messages.account.passwordRules}
            required
          >
            <input
              id={f('password')}
              type="password"
              value={values.password}
              onChange={(e) => set('password', e.target.value)}
              autoComplete="new-password"
            />
          </FormField>
        )}
        <FormField label={s.role} htmlFor={f('role')} error={errors.roleID} required>
          <select id={f('role')} value={values.roleID} onChange={(e) => set('roleID', e.target.value)}>
            <option value="">{s.chooseRole}</option>
            {(roles.data ?? []).map((r) => (
              <option key={r.roleID} value={r.roleID}>
                {r.roleName}
              </option>
            ))}
          </select>
        </FormField>
      </div>
    </FormCard>
  );
}
