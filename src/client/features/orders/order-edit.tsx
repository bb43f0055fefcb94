// Editing a pending order before it ships (issue 27, decision 229): quantities, removing lines, adding a product
// (the manual order builder's picker, order-edit-add.tsx) and the delivery address. The server moves the stock, reprices (paid prices kept, the order's code kept, shipping by country) and
// answers the recomputed order; a refusal (out of stock, already shipped) comes back as the form's message.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffMessages } from '#shared/messages-staff';
import type { OrderDto } from '#shared/dto/orders';
import { EditOrderInput } from '#shared/schemas/orders';
import { trpc } from '#client/lib/trpc';
import { notify } from '#client/lib/notify';
import { useForm } from '#client/lib/forms/use-form';
import { Field } from '#client/components/ui/field';
import { FormCard } from '#client/components/dashboard/form-card';
import { checkoutMessages } from '#shared/messages/checkout';
import { AddProduct } from './order-edit-add';
import type { Line } from './order-builder-pick';

const st = staffMessages.orderStages;
const s = staffMessages.dashboardSales;

interface EditLine {
  productVariantId: number;
  label: string;
  quantity: string;
  /** Added in this edit (priced at today's price by the server). */
  added?: boolean;
}

const labelOf = (l: { productName: string; color: string; size: string }) =>
  [l.productName, l.color, l.size].filter(Boolean).join(' · ');

const addedLine = (l: Line): EditLine => ({
  productVariantId: l.productVariantId,
  label: labelOf(l),
  quantity: '1',
  added: true,
});

const editable = (o: OrderDto) => o.stage === 'new' || o.stage === 'confirmed' || o.stage === 'packed';

function useEditForm(order: OrderDto, onDone: () => void) {
  const qc = useQueryClient();
  const edit = useMutation(trpc.orders.edit.mutationOptions());
  return useForm({
    initialValues: {
      lines: order.orderDetails
        .filter((l) => l.productVariantId !== null)
        .map((l) => ({
          productVariantId: l.productVariantId!,
          label: labelOf(l),
          quantity: String(l.quantity),
        })) as EditLine[],
      address: order.address,
      city: order.city,
      zipCode: order.zipCode,
      countryID: String(order.countryID ?? ''),
    },
    schema: EditOrderInput,
    toInput: (v) => ({
      id: order.orderId,
      lines: v.lines.map((l) => ({ productVariantId: l.productVariantId, quantity: Number(l.quantity) })),
      address: { address: v.address, city: v.city, zipCode: v.zipCode, countryID: Number(v.countryID) || 0 },
    }),
    fieldOf: (path) => (path.startsWith('lines') ? 'lines' : path.replace(/^address\./, '')),
    errorFallback: st.editFailed,
    onSubmit: async (input) => {
      const next = await edit.mutateAsync(input);
      qc.setQueryData(trpc.orders.get.queryKey({ id: order.orderId }), next);
      await qc.invalidateQueries({ queryKey: trpc.orders.page.pathKey() });
      notify.success(st.edited);
      onDone();
    },
  });
}

type EditFormState = ReturnType<typeof useEditForm>;

function LinesField({ form }: { form: EditFormState }) {
  const setLines = (lines: EditLine[]) => form.setValues((v) => ({ ...v, lines }));
  return (
    <>
      <Field label={s.products} {...form.field('lines', 'edit-lines')}>
        {(control) => (
          <ul className="sales-edit-lines" id={control.id} aria-describedby={control['aria-describedby']}>
            {form.values.lines.map((l, i) => (
              <li key={l.productVariantId}>
                <span>
                  {l.label}
                  {l.added && <span className="sales-badge sales-edit-added">{st.editAddedLine}</span>}
                </span>
                <input
                  type="number"
                  min={1}
                  max={99}
                  className="dash-input"
                  aria-label={`${s.quantity}: ${l.label}`}
                  value={l.quantity}
                  onChange={(e) =>
                    setLines(form.values.lines.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)))
                  }
                />
                <button
                  type="button"
                  className="dash-btn dash-btn--sm"
                  onClick={() => setLines(form.values.lines.filter((_, j) => j !== i))}
                >
                  {st.editRemoveLine}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Field>
      <AddProduct has={form.values.lines} onAdd={(line) => setLines([...form.values.lines, addedLine(line)])} />
    </>
  );
}

function AddressFields({ form }: { form: EditFormState }) {
  const countries = useQuery(trpc.catalog.countries.queryOptions());
  return (
    <div className="dash-form-grid">
      <Field label={checkoutMessages.checkout.address} {...form.field('address', 'edit-address')} required>
        {(control) => <input {...control} {...form.input('address')} maxLength={200} />}
      </Field>
      <Field label={checkoutMessages.checkout.city} {...form.field('city', 'edit-city')} required>
        {(control) => <input {...control} {...form.input('city')} maxLength={100} />}
      </Field>
      <Field label={checkoutMessages.checkout.zipCode} {...form.field('zipCode', 'edit-zip')}>
        {(control) => <input {...control} {...form.input('zipCode')} maxLength={20} />}
      </Field>
      <Field label={s.country} {...form.field('countryID', 'edit-country')} required>
        {(control) => (
          <select {...control} {...form.input('countryID')}>
            {(countries.data ?? []).map((c) => (
              <option key={c.countryID} value={c.countryID}>
                {c.countryName}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}

function EditForm({ order, onDone }: { order: OrderDto; onDone: () => void }) {
  const form = useEditForm(order, onDone);
  return (
    <FormCard
      form={form}
      submitLabel={st.editSave}
      wide
      labelledBy="order-edit"
      actions={
        <button type="button" className="dash-btn" onClick={onDone}>
          {st.editCancel}
        </button>
      }
    >
      <h2 className="sales-card-title" id="order-edit">
        {st.editTitle}
      </h2>
      <LinesField form={form} />
      <AddressFields form={form} />
      {form.formError && (
        <p className="dash-error" role="alert">
          {form.formError}
        </p>
      )}
    </FormCard>
  );
}

/** "Ndrysho porosinë" while the order is pending and not yet shipped; the form in its place while editing. */
export function OrderEdit({ order }: { order: OrderDto }) {
  const [open, setOpen] = useState(false);
  if (!editable(order)) return null;
  if (!open)
    return (
      <button type="button" className="dash-btn" onClick={() => setOpen(true)} data-testid="edit-order">
        {st.editOrder}
      </button>
    );
  return <EditForm order={order} onDone={() => setOpen(false)} />;
}
