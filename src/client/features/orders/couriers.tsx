// Couriers (issue 27, decision 229): a name and a tracking URL pattern with {tracking}, staff-editable. A shipped
// order keeps the name and link it left with, so editing or deleting a courier changes no order.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fill, messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { CourierDto } from '#shared/dto/orders';
import { CourierInput } from '#shared/schemas/orders';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { useForm } from '#client/lib/forms/use-form';
import { Field } from '#client/components/ui/field';
import { FormCard } from '#client/components/dashboard/form-card';
import { PageHeader } from '#client/components/dashboard/page-header';
import { DataTable, type Column } from '#client/components/dashboard/data-table';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';

const st = staffMessages.orderStages;

function CourierForm({ editing, onDone }: { editing: CourierDto | null; onDone: () => void }) {
  const qc = useQueryClient();
  const create = useMutation(trpc.orders.createCourier.mutationOptions());
  const update = useMutation(trpc.orders.updateCourier.mutationOptions());
  const form = useForm({
    initialValues: { name: editing?.name ?? '', trackingUrlPattern: editing?.trackingUrlPattern ?? '' },
    schema: CourierInput,
    errorFallback: messages.common.serverError,
    onSubmit: async (input, helpers) => {
      if (editing) await update.mutateAsync({ ...input, courierId: editing.courierId });
      else await create.mutateAsync(input);
      await qc.invalidateQueries({ queryKey: trpc.orders.couriers.queryKey() });
      helpers.reset({ name: '', trackingUrlPattern: '' });
      notify.success(st.courierSaved);
      onDone();
    },
  });
  return (
    <FormCard
      form={form}
      submitLabel={editing ? messages.common.save : st.addCourier}
      labelledBy="courier-form"
      actions={
        editing && (
          <button type="button" className="dash-btn" onClick={onDone}>
            {st.editCancel}
          </button>
        )
      }
    >
      <h2 className="sales-card-title" id="courier-form">
        {editing ? editing.name : st.addCourier}
      </h2>
      <Field label={st.courierName} {...form.field('name', 'courier-name')} required>
        {(control) => <input {...control} {...form.input('name')} maxLength={60} />}
      </Field>
      <Field
        label={st.courierPattern}
        {...form.field('trackingUrlPattern', 'courier-pattern')}
        hint={st.courierPatternHint}
      >
        {(control) => <input {...control} {...form.input('trackingUrlPattern')} maxLength={300} inputMode="url" />}
      </Field>
      {form.formError && (
        <p className="dash-error" role="alert">
          {form.formError}
        </p>
      )}
    </FormCard>
  );
}

export function CourierList() {
  const qc = useQueryClient();
  const list = useQuery(trpc.orders.couriers.queryOptions());
  const del = useMutation(trpc.orders.deleteCourier.mutationOptions());
  const [editing, setEditing] = useState<CourierDto | null>(null);
  const { confirm, dialog } = useConfirm();
  async function onDelete(c: CourierDto) {
    if (
      !(await confirm(fill(st.confirmDeleteCourier, { name: c.name }), {
        confirm: st.deleteCourier,
        keep: st.keepCourier,
      }))
    )
      return;
    try {
      await del.mutateAsync({ courierId: c.courierId });
      await qc.invalidateQueries({ queryKey: trpc.orders.couriers.queryKey() });
      notify.success(st.courierDeleted);
    } catch (err) {
      notify.error(readError(err, messages.common.serverError).message);
    }
  }
  const columns: Column<CourierDto>[] = [
    { key: 'name', header: st.courierName, cell: (c) => c.name },
    {
      key: 'pattern',
      header: st.courierPattern,
      cell: (c) => (c.trackingUrlPattern ? <code className="sales-break">{c.trackingUrlPattern}</code> : '—'),
    },
    {
      key: 'actions',
      header: staffMessages.dashboardSales.actions,
      className: 'actions',
      cell: (c) => (
        <span className="sales-row-actions">
          <button type="button" className="dash-btn dash-btn--sm" onClick={() => setEditing(c)}>
            {messages.common.edit}
          </button>
          <button type="button" className="dash-btn dash-btn--sm dash-btn--danger" onClick={() => void onDelete(c)}>
            {messages.common.delete}
          </button>
        </span>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={st.couriers} />
      <DataTable
        columns={columns}
        rows={list.data}
        rowKey={(c) => c.courierId}
        loading={list.isPending}
        error={list.isError ? readError(list.error, messages.common.serverError).message : null}
        emptyText={st.noCourierRows}
        caption={st.couriers}
      />
      <div style={{ marginTop: 16 }}>
        <CourierForm key={editing?.courierId ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      </div>
      {dialog}
    </>
  );
}
