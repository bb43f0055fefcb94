// Category list (search by name or description), add and edit (main category, name, description required).
import { notify } from '#client/lib/notify';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CategoryDto } from '#shared/dto/catalog';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { CategoryInput } from '#shared/schemas/catalog-admin';
import { readError } from '#client/lib/api-error';
import { trpc } from '#client/lib/trpc';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { DataTable, filterRows, type Column } from '#client/components/dashboard/data-table';
import { HistoryLink } from '#client/components/dashboard/history-link';
import { PageHeader } from '#client/components/dashboard/page-header';
import { FormCard } from '#client/components/dashboard/form-card';
import { Field } from '#client/components/ui/field';
import { useDashboardSearch } from '#client/components/dashboard/search-store';
import { invalidateCatalog } from '#client/components/dashboard/invalidate-catalog';
import { Loading } from './reference-screens';
import { useSaveForm } from './use-save-form';

const m = staffMessages.dashboard;

export function CategoryList() {
  const search = useDashboardSearch();
  const list = useQuery(trpc.catalog.categories.queryOptions());
  const mains = useQuery(trpc.catalog.mainCategories.queryOptions());
  const del = useMutation(trpc.catalogAdmin.deleteCategory.mutationOptions());
  const { confirm, dialog } = useConfirm();
  const mainName = new Map((mains.data ?? []).map((x) => [x.mainCategoryID, x.mainCategoryName]));
  const rows = filterRows(list.data, search, (c) => [c.categoryName, c.description]);

  async function onDelete(c: CategoryDto) {
    if (!(await confirm(`${m.confirmDelete} (${c.categoryName})`))) return;
    try {
      await del.mutateAsync({ categoryID: c.categoryID });
      notify.success(m.deleted);
      await invalidateCatalog();
    } catch (err) {
      notify.error(readError(err, m.saveFailed).message);
    }
  }

  const columns: Column<CategoryDto>[] = [
    { key: 'n', header: m.colNumber, cell: (_c, i) => i + 1, className: 'num' },
    { key: 'name', header: m.categoryName, cell: (c) => c.categoryName },
    {
      key: 'desc',
      header: m.colDescription,
      cell: (c) => <span title={c.description}>{c.description}</span>,
      className: 'clip',
    },
    { key: 'main', header: m.colMainCategory, cell: (c) => mainName.get(c.mainCategoryID) ?? c.mainCategoryID },
    {
      key: 'a',
      header: m.colActions,
      className: 'actions',
      cell: (c) => (
        <>
          <Link
            to="/dashboard/edit-category/$id"
            params={{ id: String(c.categoryID) }}
            className="dash-btn dash-btn--sm"
            aria-label={`${messages.common.edit}: ${c.categoryName}`}
          >
            {messages.common.edit}
          </Link>
          <button
            type="button"
            className="dash-btn dash-btn--sm dash-btn--danger"
            onClick={() => onDelete(c)}
            aria-label={`${messages.common.delete}: ${c.categoryName}`}
          >
            {messages.common.delete}
          </button>
        </>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={m.categories}
        actions={
          <Link to="/dashboard/add-categories" className="dash-btn dash-btn--primary">
            {m.addCategory}
          </Link>
        }
      />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(c) => c.categoryID}
        loading={list.isPending}
        error={list.isError ? readError(list.error, messages.common.serverError).message : null}
        emptyText={m.noCategories}
      />
      {dialog}
    </>
  );
}

export function CategoryForm({ id }: { id?: number }) {
  const existing = useQuery({
    ...trpc.catalog.category.queryOptions({ categoryID: id ?? 1 }),
    enabled: id !== undefined,
    staleTime: 0,
  });
  if (id !== undefined && !existing.data) return <Loading error={existing.error} notFound={m.categoryNotFound} />;
  return <CategoryFormInner key={id ?? 'new'} initial={existing.data} />;
}

function CategoryFormInner({ initial }: { initial?: CategoryDto }) {
  const mains = useQuery(trpc.catalog.mainCategories.queryOptions());
  const create = useMutation(trpc.catalogAdmin.createCategory.mutationOptions());
  const update = useMutation(trpc.catalogAdmin.updateCategory.mutationOptions());
  const form = useSaveForm({
    initialValues: {
      mainCategoryID: initial ? String(initial.mainCategoryID) : '',
      categoryName: initial?.categoryName ?? '',
      description: initial?.description ?? '',
    },
    schema: CategoryInput,
    list: '/dashboard/categories',
    save: (v) => (initial ? update.mutateAsync({ categoryID: initial.categoryID, ...v }) : create.mutateAsync(v)),
  });
  return (
    <>
      <PageHeader
        title={initial ? m.editCategory : m.addCategory}
        actions={initial ? <HistoryLink entity="category" id={initial.categoryID} /> : undefined}
      />
      <FormCard form={form} submitLabel={messages.common.save}>
        <Field label={m.mainCategory} {...form.field('mainCategoryID', 'cat-main')} required>
          {(control) => (
            <select {...control} {...form.input('mainCategoryID')}>
              <option value="">{m.chooseMainCategory}</option>
              {mains.data?.map((x) => (
                <option key={x.mainCategoryID} value={x.mainCategoryID}>
                  {x.mainCategoryName}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={m.categoryName} {...form.field('categoryName', 'cat-name')} required>
          {(control) => <input {...control} {...form.input('categoryName')} maxLength={100} />}
        </Field>
        <Field label={m.description} {...form.field('description', 'cat-desc')} required>
          {(control) => <textarea {...control} {...form.input('description')} maxLength={1000} />}
        </Field>
      </FormCard>
    </>
  );
}
