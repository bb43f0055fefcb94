// Staff size guides (issue 26): the list (categories' guides and products' own), and the editor of one guide, a
// grid of sizes (rows) × measurements in cm (columns) with a "how to measure" note. Saved whole through the one form
// helper; the server's messages land on the cell, column or row they name.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { StaffSizeGuideDto } from '#shared/dto/catalog';
import { fill, messages, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { DataTable, type Column } from '#client/components/dashboard/data-table';
import { PageHeader } from '#client/components/dashboard/page-header';
import { invalidateCatalog } from '#client/components/dashboard/invalidate-catalog';

const m = staffMessages.sizeGuides;
const d = staffMessages.dashboard;
export type GuideScope = 'category' | 'product';

function GuideActions({ guide, onDelete }: { guide: StaffSizeGuideDto; onDelete: () => void }) {
  return (
    <>
      <Link
        to="/dashboard/size-guide/$scope/$id"
        params={{ scope: guide.scope, id: String(guide.targetID) }}
        className="dash-btn dash-btn--sm"
        aria-label={`${m.edit}: ${guide.targetName}`}
      >
        {m.edit}
      </Link>
      <button
        type="button"
        className="dash-btn dash-btn--sm dash-btn--danger"
        onClick={onDelete}
        aria-label={`${m.remove}: ${guide.targetName}`}
      >
        {m.remove}
      </button>
    </>
  );
}

/** Picks a category (or a product by its id) and opens its guide's editor. */
function NewGuide() {
  const navigate = useNavigate();
  const categories = useQuery(trpc.catalog.categories.queryOptions());
  const [scope, setScope] = useState<GuideScope>('category');
  const [target, setTarget] = useState('');
  const open = (e: FormEvent) => {
    e.preventDefault();
    if (/^\d+$/.test(target.trim()))
      void navigate({ to: '/dashboard/size-guide/$scope/$id', params: { scope, id: target.trim() } });
  };
  return (
    <form className="dash-card size-guide-new" onSubmit={open} aria-label={m.newGuide}>
      <label className="dash-field">
        {m.scope}
        <select value={scope} onChange={(e) => (setScope(e.target.value as GuideScope), setTarget(''))}>
          <option value="category">{m.scopeCategory}</option>
          <option value="product">{m.scopeProduct}</option>
        </select>
      </label>
      {scope === 'category' ? (
        <label className="dash-field">
          {m.category}
          <select value={target} onChange={(e) => setTarget(e.target.value)} required>
            <option value="">{m.chooseCategory}</option>
            {categories.data?.map((c) => (
              <option key={c.categoryID} value={c.categoryID}>
                {c.categoryName}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <label className="dash-field">
          {m.productId}
          <input inputMode="numeric" value={target} onChange={(e) => setTarget(e.target.value)} required />
        </label>
      )}
      <button type="submit" className="dash-btn dash-btn--primary">
        {m.newGuide}
      </button>
    </form>
  );
}

export function SizeGuideList() {
  const list = useQuery(trpc.catalogAdmin.sizeGuides.queryOptions());
  const del = useMutation(trpc.catalogAdmin.deleteSizeGuide.mutationOptions());
  const { confirm, dialog } = useConfirm();
  async function remove(g: StaffSizeGuideDto) {
    if (!(await confirm(fill(m.removeConfirm, { name: g.targetName })))) return;
    try {
      await del.mutateAsync({ scope: g.scope, targetID: g.targetID });
      notify.success(m.removed);
      await invalidateCatalog();
    } catch (err) {
      notify.error(readError(err, d.saveFailed).message);
    }
  }
  const columns: Column<StaffSizeGuideDto>[] = [
    { key: 'scope', header: m.scope, cell: (g) => (g.scope === 'category' ? m.category : m.product) },
    { key: 'name', header: d.colName, cell: (g) => g.targetName },
    { key: 'rows', header: m.rows, cell: (g) => plural(m.rowsCount, g.rows.length) },
    { key: 'cols', header: m.columns, cell: (g) => g.columns.join(', ') },
    {
      key: 'a',
      header: d.colActions,
      className: 'actions',
      cell: (g) => <GuideActions guide={g} onDelete={() => void remove(g)} />,
    },
  ];
  return (
    <>
      <PageHeader title={m.title} />
      <p className="dash-hint">{m.intro}</p>
      <NewGuide />
      <DataTable
        columns={columns}
        rows={list.data}
        rowKey={(g) => g.sizeGuideID}
        loading={list.isPending}
        error={list.isError ? readError(list.error, messages.common.serverError).message : null}
        emptyText={m.none}
      />
      {dialog}
    </>
  );
}
