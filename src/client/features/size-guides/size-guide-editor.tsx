// The editor of one size guide (issue 26): a category's, or one product's own. Rows are sizes, columns measurements
// in cm; cells take "86", "86,5" or "86–90". The shared schema checks it here and on the server; a message lands on
// the cell, column or row its path names (fieldOf keeps the whole path).
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { SizeDto, StaffSizeGuideDto } from '#shared/dto/catalog';
import { fill, messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { SaveSizeGuideInput, SIZE_GUIDE_MAX_COLUMNS, SIZE_GUIDE_MAX_ROWS } from '#shared/schemas/size-guides';
import { sortSizes } from '#shared/sizes';
import { useForm } from '#client/lib/forms/use-form';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import { FormCard } from '#client/components/dashboard/form-card';
import { PageHeader } from '#client/components/dashboard/page-header';
import { Field } from '#client/components/ui/field';
import { invalidateCatalog } from '#client/components/dashboard/invalidate-catalog';
import type { GuideScope } from './size-guide-screens';

const m = staffMessages.sizeGuides;

interface GuideValues {
  columns: string[];
  rows: Array<{ sizeID: number; values: string[] }>;
  note: string;
}

const DEFAULT_COLUMNS = ['Gjoksi', 'Beli', 'Vithet'];

const valuesOf = (guide: StaffSizeGuideDto | undefined): GuideValues => ({
  columns: guide?.columns ?? DEFAULT_COLUMNS,
  rows: guide?.rows.map((r) => ({ sizeID: r.sizeID, values: r.values })) ?? [],
  note: guide?.note ?? '',
});

function useTargetName(scope: GuideScope, id: number): string | undefined {
  const categories = useQuery({ ...trpc.catalog.categories.queryOptions(), enabled: scope === 'category' });
  const product = useQuery({ ...trpc.catalog.product.queryOptions({ productID: id }), enabled: scope === 'product' });
  return scope === 'category' ? categories.data?.find((c) => c.categoryID === id)?.categoryName : product.data?.name;
}

export function SizeGuideEditor({ scope, id }: { scope: GuideScope; id: number }) {
  const guide = useQuery({ ...trpc.catalogAdmin.sizeGuide.queryOptions({ scope, targetID: id }), retry: false });
  const sizes = useQuery(trpc.catalog.sizes.queryOptions());
  const name = useTargetName(scope, id);
  if ((guide.isPending && guide.fetchStatus !== 'idle') || !sizes.data)
    return <p className="dash-hint">{messages.common.loading}</p>;
  return (
    <>
      <PageHeader title={`${m.title}: ${name ?? `#${id}`}`} />
      <GuideForm key={guide.dataUpdatedAt} scope={scope} id={id} initial={guide.data} sizes={sortSizes(sizes.data)} />
    </>
  );
}

interface FormProps {
  scope: GuideScope;
  id: number;
  initial: StaffSizeGuideDto | undefined;
  sizes: SizeDto[];
}

function GuideForm({ scope, id, initial, sizes }: FormProps) {
  const navigate = useNavigate();
  const save = useMutation(trpc.catalogAdmin.saveSizeGuide.mutationOptions());
  const form = useForm({
    initialValues: valuesOf(initial),
    schema: SaveSizeGuideInput,
    toInput: (v: GuideValues) => ({ scope, targetID: id, ...v }),
    fieldOf: (path) => path,
    errorFallback: staffMessages.dashboard.saveFailed,
    onSubmit: async (data) => {
      await save.mutateAsync(data);
      await invalidateCatalog();
      notify.success(m.saved);
      await navigate({ to: '/dashboard/size-guides' });
    },
    onError: (e) => notify.error(e.message),
  });
  const v = form.values;
  const update = (next: Partial<GuideValues>) => form.setValues((cur) => ({ ...cur, ...next }));
  return (
    <FormCard form={form} submitLabel={messages.common.save} wide>
      <ColumnsEditor values={v} errors={form.errors} update={update} />
      <RowsEditor values={v} errors={form.errors} update={update} sizes={sizes} />
      <Field label={m.note} id="size-guide-note" error={form.errors.note}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={1000}
            value={v.note}
            onChange={(e) => update({ note: e.target.value })}
          />
        )}
      </Field>
    </FormCard>
  );
}

interface PartProps {
  values: GuideValues;
  errors: Partial<Record<string, string>>;
  update: (next: Partial<GuideValues>) => void;
}

function ColumnsEditor({ values, errors, update }: PartProps) {
  const setColumn = (i: number, text: string) =>
    update({ columns: values.columns.map((c, j) => (j === i ? text : c)) });
  const removeColumn = (i: number) =>
    update({
      columns: values.columns.filter((_c, j) => j !== i),
      rows: values.rows.map((r) => ({ ...r, values: r.values.filter((_x, j) => j !== i) })),
    });
  const addColumn = () =>
    update({ columns: [...values.columns, ''], rows: values.rows.map((r) => ({ ...r, values: [...r.values, ''] })) });
  return (
    <fieldset className="size-guide-edit__group">
      <legend>{m.columns}</legend>
      {errors.columns && <p className="dash-error">{errors.columns}</p>}
      <div className="size-guide-edit__columns">
        {values.columns.map((c, i) => (
          <div key={i} className="size-guide-edit__column">
            <input
              aria-label={fill(m.columnName, { n: i + 1 })}
              aria-invalid={errors[`columns.${i}`] ? true : undefined}
              value={c}
              maxLength={30}
              onChange={(e) => setColumn(i, e.target.value)}
            />
            <button
              type="button"
              className="dash-btn dash-btn--sm"
              aria-label={fill(m.removeColumn, { name: c || String(i + 1) })}
              onClick={() => removeColumn(i)}
            >
              ×
            </button>
            {errors[`columns.${i}`] && <p className="dash-error">{errors[`columns.${i}`]}</p>}
          </div>
        ))}
      </div>
      {values.columns.length < SIZE_GUIDE_MAX_COLUMNS && (
        <button type="button" className="dash-btn dash-btn--sm" onClick={addColumn}>
          {m.addColumn}
        </button>
      )}
    </fieldset>
  );
}

function RowsEditor({ values, errors, update, sizes }: PartProps & { sizes: SizeDto[] }) {
  const [adding, setAdding] = useState('');
  const used = new Set(values.rows.map((r) => r.sizeID));
  const nameOf = (sizeID: number) => sizes.find((s) => s.sizeID === sizeID)?.sizeName ?? `#${sizeID}`;
  const setCell = (ri: number, ci: number, text: string) =>
    update({
      rows: values.rows.map((r, j) => (j === ri ? { ...r, values: r.values.map((x, k) => (k === ci ? text : x)) } : r)),
    });
  const addRow = () => {
    const sizeID = Number(adding);
    if (!sizeID) return;
    const order = new Map(sizes.map((s, i) => [s.sizeID, i]));
    const rows = [...values.rows, { sizeID, values: values.columns.map(() => '') }];
    update({ rows: rows.sort((a, b) => (order.get(a.sizeID) ?? 0) - (order.get(b.sizeID) ?? 0)) });
    setAdding('');
  };
  return (
    <fieldset className="size-guide-edit__group">
      <legend>{m.rows}</legend>
      {errors.rows && <p className="dash-error">{errors.rows}</p>}
      <div className="size-guide-edit__scroll">
        <table className="size-guide-edit__table">
          <thead>
            <tr>
              <th scope="col">{m.size}</th>
              {values.columns.map((c, i) => (
                <th scope="col" key={i}>
                  {c}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{staffMessages.dashboard.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {values.rows.map((row, ri) => (
              <GuideRow
                key={row.sizeID}
                row={row}
                index={ri}
                name={nameOf(row.sizeID)}
                columns={values.columns}
                errors={errors}
                setCell={setCell}
                remove={() => update({ rows: values.rows.filter((_r, j) => j !== ri) })}
              />
            ))}
          </tbody>
        </table>
      </div>
      <RowErrors errors={errors} />
      {values.rows.length < SIZE_GUIDE_MAX_ROWS && (
        <div className="size-guide-edit__add">
          <select aria-label={m.addRow} value={adding} onChange={(e) => setAdding(e.target.value)}>
            <option value="">{m.size}</option>
            {sizes
              .filter((s) => !used.has(s.sizeID))
              .map((s) => (
                <option key={s.sizeID} value={s.sizeID}>
                  {s.sizeName}
                </option>
              ))}
          </select>
          <button type="button" className="dash-btn dash-btn--sm" onClick={addRow} disabled={!adding}>
            {m.addRow}
          </button>
        </div>
      )}
    </fieldset>
  );
}

interface GuideRowProps {
  row: GuideValues['rows'][number];
  index: number;
  name: string;
  columns: string[];
  errors: Partial<Record<string, string>>;
  setCell: (row: number, column: number, text: string) => void;
  remove: () => void;
}

function GuideRow({ row, index, name, columns, errors, setCell, remove }: GuideRowProps) {
  return (
    <tr>
      <th scope="row">{name}</th>
      {row.values.map((cell, ci) => {
        const error = errors[`rows.${index}.values.${ci}`];
        return (
          <td key={ci}>
            <input
              inputMode="decimal"
              aria-label={fill(m.value, { size: name, column: columns[ci] ?? '' })}
              aria-invalid={error ? true : undefined}
              title={error}
              value={cell}
              maxLength={20}
              onChange={(e) => setCell(index, ci, e.target.value)}
            />
          </td>
        );
      })}
      <td>
        <button
          type="button"
          className="dash-btn dash-btn--sm"
          aria-label={fill(m.removeRow, { name })}
          onClick={remove}
        >
          ×
        </button>
      </td>
    </tr>
  );
}

/** The cells' and rows' messages, once each, under the table (the cells are marked aria-invalid). */
function RowErrors({ errors }: { errors: Partial<Record<string, string>> }) {
  const shown = [...new Set(Object.entries(errors).flatMap(([k, v]) => (k.startsWith('rows.') && v ? [v] : [])))];
  if (shown.length === 0) return null;
  return (
    <ul className="dash-error size-guide-edit__errors" role="alert">
      {shown.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}
