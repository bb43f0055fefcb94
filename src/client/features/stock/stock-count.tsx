// /dashboard/stock-count (decision 231): the variants (searched with the dashboard's search, filtered by category,
// paged on the server) with a "counted" box each. Staff type the quantities they counted on any page and submit
// once with a note; the server writes an adjustment (reason 'stock_count') only where the count differs. The
// "Kufiri" column and the form above set the low-stock thresholds (stock-thresholds.tsx).
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fill, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { StockVariantDto } from '#shared/dto/stock';
import { StockCountInput } from '#shared/schemas/stock';
import { trpc } from '#client/lib/trpc';
import { useForm } from '#client/lib/forms/use-form';
import { Field } from '#client/components/ui/field';
import { DataTable, type Column } from '#client/components/dashboard/data-table';
import { PageHeader } from '#client/components/dashboard/page-header';
import { Pager, usePageNumber } from '#client/components/dashboard/pager';
import { useDashboardSearch } from '#client/components/dashboard/search-store';
import { ShopThresholdForm, VariantThresholdInput } from './stock-thresholds';

const t = staffMessages.stock;
const PAGE_SIZE = 25;

interface CountValues {
  note: string;
  /** Typed text per variant id, kept across pages until the count is saved. */
  counted: Record<string, string>;
}

function useStockCountForm(onDone: (text: string) => void) {
  const client = useQueryClient();
  const save = useMutation(trpc.catalogAdmin.stockCount.mutationOptions());
  return useForm({
    initialValues: { note: '', counted: {} } as CountValues,
    schema: StockCountInput,
    toInput: (v: CountValues) => ({
      note: v.note,
      counts: Object.entries(v.counted)
        .filter(([, text]) => text.trim() !== '')
        .map(([id, text]) => ({ variantID: Number(id), counted: text.trim() })),
    }),
    fieldOf: (path) => (path.startsWith('counts') ? 'counted' : path === 'note' ? 'note' : undefined),
    errorFallback: staffMessages.dashboard.saveFailed,
    onSubmit: async (data, helpers) => {
      const r = await save.mutateAsync(data);
      helpers.reset();
      await client.invalidateQueries({ queryKey: trpc.catalogAdmin.pathKey() });
      onDone(plural(t.done, r.adjusted, { same: r.unchanged }));
    },
  });
}

function CategoryFilter({ value, onChange }: { value?: number; onChange: (id: number | undefined) => void }) {
  const categories = useQuery({ ...trpc.catalog.categories.queryOptions(), staleTime: 5 * 60_000 });
  return (
    <label className="dash-field">
      <span>{t.filterCategory}</span>
      <select
        className="dash-input"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      >
        <option value="">{t.allCategories}</option>
        {(categories.data ?? []).map((c) => (
          <option key={c.categoryID} value={c.categoryID}>
            {c.categoryName}
          </option>
        ))}
      </select>
    </label>
  );
}

function countColumns(form: ReturnType<typeof useStockCountForm>): Column<StockVariantDto>[] {
  return [
    { key: 'product', header: t.colProduct, cell: (v) => v.productName },
    {
      key: 'variant',
      header: t.colVariant,
      cell: (v) => (
        <>
          <span className="dash-swatch" style={{ background: v.hexCode }} /> {v.colorName} · {v.sizeName}
        </>
      ),
    },
    { key: 'stock', header: t.colStock, className: 'num', cell: (v) => v.stockQuantity },
    {
      key: 'counted',
      header: t.colCounted,
      cell: (v) => (
        <input
          className="dash-input stock-count-input"
          inputMode="numeric"
          aria-label={fill(t.countedLabel, { name: `${v.productName} ${v.colorName} ${v.sizeName}` })}
          value={form.values.counted[v.variantID] ?? ''}
          onChange={(e) => form.set('counted', { ...form.values.counted, [v.variantID]: e.target.value })}
        />
      ),
    },
    { key: 'threshold', header: t.colThreshold, cell: (v) => <VariantThresholdInput v={v} /> },
  ];
}

export function StockCount() {
  const search = useDashboardSearch();
  const [categoryID, setCategoryID] = useState<number | undefined>(undefined);
  const [page, setPage] = usePageNumber(`${search}|${categoryID ?? ''}`);
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery({
    ...trpc.catalogAdmin.stockVariants.queryOptions({
      page,
      pageSize: PAGE_SIZE,
      ...(search ? { q: search } : {}),
      categoryID,
    }),
    placeholderData: keepPreviousData,
  });
  const form = useStockCountForm(setDone);
  const columns = countColumns(form);
  return (
    <>
      <PageHeader title={t.countTitle} />
      <ShopThresholdForm />
      <form {...form.formProps} className="dash-card stock-count">
        <p className="dash-muted">{t.countIntro}</p>
        <CategoryFilter value={categoryID} onChange={setCategoryID} />
        <DataTable
          columns={columns}
          rows={list.data?.items}
          rowKey={(v) => v.variantID}
          loading={list.isPending}
          stale={list.isPlaceholderData}
          error={list.isError ? list.error.message : null}
          emptyText={t.empty}
        />
        {list.data && <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />}
        {form.errors.counted && (
          <p className="dash-error" role="alert">
            {form.errors.counted}
          </p>
        )}
        <Field {...form.field('note')} label={t.note} required look="dashboard">
          {(control) => (
            <input {...control} {...form.input('note')} className="dash-input" placeholder={t.notePlaceholder} />
          )}
        </Field>
        {form.formError && !form.errors.counted && !form.errors.note && (
          <p className="dash-error" role="alert">
            {form.formError}
          </p>
        )}
        {done && (
          <p className="dash-success" role="status">
            {done}
          </p>
        )}
        <button type="submit" className="dash-btn dash-btn--primary" disabled={form.submitting}>
          {form.submitting ? t.submitting : t.submit}
        </button>
      </form>
    </>
  );
}
