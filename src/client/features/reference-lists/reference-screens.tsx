// List / add / edit screens of the small reference entities: sizes, events and countries (with shipping
// price). One set of components configured per entity, so the three behave identically.
import { notify } from '#client/lib/notify';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CountryDto, EventDto, SizeDto } from '#shared/dto/catalog';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { euroInputText, formatEuro } from '#shared/money';
import { CountryInput, EventInput, SizeInput } from '#shared/schemas/catalog-admin';
import { sortSizes } from '#shared/sizes';
import { readError } from '#client/lib/api-error';
import { trpc } from '#client/lib/trpc';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { DataTable, filterRows, type Column } from '#client/components/dashboard/data-table';
import { HistoryLink } from '#client/components/dashboard/history-link';
import { PageHeader } from '#client/components/dashboard/page-header';
import { FormCard } from '#client/components/dashboard/form-card';
import { MoneyInput } from '#client/components/dashboard/money-input';
import { Field, type FieldControlProps } from '#client/components/ui/field';
import { useDashboardSearch } from '#client/components/dashboard/search-store';
import { invalidateCatalog } from '#client/components/dashboard/invalidate-catalog';
import { useSaveForm } from './use-save-form';

const m = staffMessages.dashboard;

function useDelete<T>(run: (row: T) => Promise<unknown>) {
  const { confirm, dialog } = useConfirm();
  async function remove(row: T, label: string) {
    if (!(await confirm(`${m.confirmDelete} (${label})`))) return;
    try {
      await run(row);
      notify.success(m.deleted);
      await invalidateCatalog();
    } catch (err) {
      notify.error(readError(err, m.saveFailed).message);
    }
  }
  return { remove, dialog };
}

/** The edit screens of the reference lists (each takes the row's id). */
type EditRoute = '/dashboard/edit-size/$id' | '/dashboard/edit-event/$id' | '/dashboard/edit-country/$id';

function RowActions({
  edit,
  onDelete,
  label,
}: {
  edit: { to: EditRoute; id: number };
  onDelete: () => void;
  label: string;
}) {
  return (
    <>
      <Link
        to={edit.to}
        params={{ id: String(edit.id) }}
        className="dash-btn dash-btn--sm"
        aria-label={`${messages.common.edit}: ${label}`}
      >
        {messages.common.edit}
      </Link>
      <button
        type="button"
        className="dash-btn dash-btn--sm dash-btn--danger"
        onClick={onDelete}
        aria-label={`${messages.common.delete}: ${label}`}
      >
        {messages.common.delete}
      </button>
    </>
  );
}

// ---- sizes ------------------------------------------------------------------------------------------------

export function SizeList() {
  const search = useDashboardSearch();
  const list = useQuery(trpc.catalog.sizes.queryOptions());
  const del = useMutation(trpc.catalogAdmin.deleteSize.mutationOptions());
  const { remove, dialog } = useDelete((s: SizeDto) => del.mutateAsync({ id: s.sizeID }));
  const rows = filterRows(list.data ? sortSizes(list.data) : undefined, search, (s) => [s.sizeName]);
  const columns: Column<SizeDto>[] = [
    { key: 'n', header: m.colNumber, cell: (_s, i) => i + 1, className: 'num' },
    { key: 'name', header: m.sizeName, cell: (s) => s.sizeName },
    {
      key: 'a',
      header: m.colActions,
      className: 'actions',
      cell: (s) => (
        <RowActions
          edit={{ to: '/dashboard/edit-size/$id', id: s.sizeID }}
          label={s.sizeName}
          onDelete={() => remove(s, s.sizeName)}
        />
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={m.sizes}
        actions={
          <Link to="/dashboard/add-sizes" className="dash-btn dash-btn--primary">
            {m.addSize}
          </Link>
        }
      />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(s) => s.sizeID}
        loading={list.isPending}
        error={list.isError ? readError(list.error, messages.common.serverError).message : null}
        emptyText={m.noSizes}
      />
      {dialog}
    </>
  );
}

export function SizeForm({ id }: { id?: number }) {
  const existing = useQuery({ ...trpc.catalogAdmin.size.queryOptions({ id: id ?? 1 }), enabled: id !== undefined });
  if (id !== undefined && !existing.data) return <Loading error={existing.error} notFound={m.sizeNotFound} />;
  return <SizeFormInner key={id ?? 'new'} initial={existing.data} />;
}

function SizeFormInner({ initial }: { initial?: SizeDto }) {
  const create = useMutation(trpc.catalogAdmin.createSize.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.updateSize.mutationOptions());
  const form = useSaveForm({
    initialValues: { sizeName: initial?.sizeName ?? '' },
    schema: SizeInput,
    list: '/dashboard/sizes',
    save: (v) => (initial ? update.mutateAsync({ id: initial.sizeID, ...v }) : create.mutateAsync(v)),
  });
  return (
    <>
      <PageHeader
        title={initial ? m.editSize : m.addSize}
        actions={initial ? <HistoryLink entity="size" id={initial.sizeID} /> : undefined}
      />
      <FormCard form={form} submitLabel={messages.common.save}>
        <Field label={m.sizeName} {...form.field('sizeName', 'size-name')} required>
          {(control) => <input {...control} {...form.input('sizeName')} maxLength={30} autoFocus />}
        </Field>
      </FormCard>
    </>
  );
}

// ---- events -----------------------------------------------------------------------------------------------

export function EventList() {
  const search = useDashboardSearch();
  const list = useQuery(trpc.catalog.events.queryOptions());
  const del = useMutation(trpc.catalogAdmin.deleteEvent.mutationOptions());
  const { remove, dialog } = useDelete((e: EventDto) => del.mutateAsync({ id: e.eventID }));
  const rows = filterRows(list.data, search, (e) => [e.eventName]);
  const columns: Column<EventDto>[] = [
    { key: 'n', header: m.colNumber, cell: (_e, i) => i + 1, className: 'num' },
    { key: 'name', header: m.eventName, cell: (e) => e.eventName },
    {
      key: 'a',
      header: m.colActions,
      className: 'actions',
      cell: (e) => (
        <RowActions
          edit={{ to: '/dashboard/edit-event/$id', id: e.eventID }}
          label={e.eventName}
          onDelete={() => remove(e, e.eventName)}
        />
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={m.events}
        actions={
          <Link to="/dashboard/add-events" className="dash-btn dash-btn--primary">
            {m.addEvent}
          </Link>
        }
      />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(e) => e.eventID}
        loading={list.isPending}
        error={list.isError ? m.eventsFailed : null}
        emptyText={m.noEvents}
      />
      {dialog}
    </>
  );
}

export function EventForm({ id }: { id?: number }) {
  const existing = useQuery({ ...trpc.catalogAdmin.event.queryOptions({ id: id ?? 1 }), enabled: id !== undefined });
  if (id !== undefined && !existing.data) return <Loading error={existing.error} notFound={m.eventNotFound} />;
  return <EventFormInner key={id ?? 'new'} initial={existing.data} />;
}

function EventFormInner({ initial }: { initial?: EventDto }) {
  const create = useMutation(trpc.catalogAdmin.createEvent.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.updateEvent.mutationOptions());
  const form = useSaveForm({
    initialValues: { eventName: initial?.eventName ?? '' },
    schema: EventInput,
    list: '/dashboard/events',
    save: (v) => (initial ? update.mutateAsync({ id: initial.eventID, ...v }) : create.mutateAsync(v)),
  });
  return (
    <>
      <PageHeader
        title={initial ? m.editEvent : m.addEvent}
        actions={initial ? <HistoryLink entity="event" id={initial.eventID} /> : undefined}
      />
      <FormCard form={form} submitLabel={messages.common.save}>
        <Field label={m.eventName} {...form.field('eventName', 'event-name')} required>
          {(control) => <input {...control} {...form.input('eventName')} maxLength={100} autoFocus />}
        </Field>
      </FormCard>
    </>
  );
}

// ---- countries --------------------------------------------------------------------------------------------

export function CountryList() {
  const list = useQuery(trpc.catalogAdmin.countries.queryOptions());
  const del = useMutation(trpc.catalogAdmin.deleteCountry.mutationOptions());
  const { remove, dialog } = useDelete((c: CountryDto) => del.mutateAsync({ id: c.countryID }));
  const columns: Column<CountryDto>[] = [
    { key: 'n', header: m.colNumber, cell: (_c, i) => i + 1, className: 'num' },
    { key: 'name', header: m.countryName, cell: (c) => c.countryName },
    // Euro sign, two decimals (the spec's dollar sign is a defect: docs/decisions/053).
    { key: 'ship', header: m.colShipping, cell: (c) => formatEuro(c.shippingPrice), className: 'num' },
    {
      key: 'zip',
      header: m.colPostalCode,
      cell: (c) => (c.postalCodeOptional ? m.postalOptional : m.postalRequired),
    },
    {
      key: 'a',
      header: m.colActions,
      className: 'actions',
      cell: (c) => (
        <RowActions
          edit={{ to: '/dashboard/edit-country/$id', id: c.countryID }}
          label={c.countryName}
          onDelete={() => remove(c, c.countryName)}
        />
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={m.countries}
        actions={
          <Link to="/dashboard/add-country" className="dash-btn dash-btn--primary">
            {m.addCountry}
          </Link>
        }
      />
      <DataTable
        columns={columns}
        rows={list.data}
        rowKey={(c) => c.countryID}
        loading={list.isPending}
        error={list.isError ? readError(list.error, messages.common.serverError).message : null}
        emptyText={m.noCountries}
      />
      {dialog}
    </>
  );
}

export function CountryForm({ id }: { id?: number }) {
  const existing = useQuery({ ...trpc.catalogAdmin.country.queryOptions({ id: id ?? 1 }), enabled: id !== undefined });
  if (id !== undefined && !existing.data) return <Loading error={existing.error} notFound={m.countryNotFound} />;
  return <CountryFormInner key={id ?? 'new'} initial={existing.data} />;
}

function CountryFormInner({ initial }: { initial?: CountryDto }) {
  const create = useMutation(trpc.catalogAdmin.createCountry.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.updateCountry.mutationOptions());
  const form = useSaveForm({
    initialValues: {
      countryName: initial?.countryName ?? '',
      shippingPrice: initial ? euroInputText(initial.shippingPrice) : '',
      freeShippingFrom: initial?.freeShippingFrom != null ? euroInputText(initial.freeShippingFrom) : '',
      postalCodeOptional: initial?.postalCodeOptional ?? false,
    },
    schema: CountryInput,
    list: '/dashboard/country',
    save: (v) => (initial ? update.mutateAsync({ id: initial.countryID, ...v }) : create.mutateAsync(v)),
  });
  const money = (name: 'shippingPrice' | 'freeShippingFrom') => (control: FieldControlProps) => (
    <div className="dash-money">
      <MoneyInput {...control} {...form.input(name)} />
      <span aria-hidden="true">€</span>
    </div>
  );
  return (
    <>
      <PageHeader
        title={initial ? m.editCountry : m.addCountry}
        actions={initial ? <HistoryLink entity="country" id={initial.countryID} /> : undefined}
      />
      <FormCard form={form} submitLabel={messages.common.save}>
        <Field label={m.countryName} {...form.field('countryName', 'country-name')} required>
          {(control) => <input {...control} {...form.input('countryName')} maxLength={100} autoFocus />}
        </Field>
        <Field label={m.shippingPrice} {...form.field('shippingPrice', 'country-ship')} required>
          {money('shippingPrice')}
        </Field>
        <Field label={staffMessages.promoLimits.freeShippingFrom} {...form.field('freeShippingFrom', 'country-free')}>
          {money('freeShippingFrom')}
        </Field>
        <div className="dash-field">
          <label className="dash-check" htmlFor="country-postal-optional" style={{ display: 'flex', gap: 8 }}>
            <input
              id="country-postal-optional"
              type="checkbox"
              name="postalCodeOptional"
              checked={form.values.postalCodeOptional}
              onChange={(e) => form.set('postalCodeOptional', e.target.checked)}
              aria-describedby="country-postal-optional-hint"
            />
            {m.postalCodeOptional}
          </label>
          <p className="dash-hint" id="country-postal-optional-hint">
            {m.postalCodeOptionalHint}
          </p>
        </div>
      </FormCard>
    </>
  );
}

// ---- shared -----------------------------------------------------------------------------------------------

export function Loading({ error, notFound }: { error: unknown; notFound: string }) {
  if (error)
    return (
      <p className="dash-error" role="alert">
        {readError(error, notFound).message}
      </p>
    );
  return <p className="dash-muted">{messages.common.loading}</p>;
}
