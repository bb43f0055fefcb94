// /dashboard/audit: the audit trail (issue 28, decision 228), administrators only. Every staff write, newest first,
// paged (decision 134), filtered by person, entity (an entity screen's "Historiku" link adds its id) and date range;
// each row shows who, when, what (linked to the entity's screen), the changed fields before -> after, the address.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { formatDate, isIsoDate, shopDateTimeIso } from '#shared/dates';
import type { AuditRowDto } from '#shared/dto/audit';
import { AUDIT_ENTITIES, type AuditEntity } from '#shared/audit-entities';
import { PAGE_SIZE_DEFAULT } from '#shared/schemas/paging';
import { DataTable, type Column } from '#client/components/dashboard/data-table';
import { PageHeader } from '#client/components/dashboard/page-header';
import { Pager, usePageNumber } from '#client/components/dashboard/pager';
import { DateField } from '#client/components/ui/date-field';
import { Field } from '#client/components/ui/field';
import { readError } from '#client/lib/api-error';
import { trpc } from '#client/lib/trpc';
import { actionText, fieldLabel, valueText } from './audit-values';
import './audit.css';

const a = staffMessages.audit;

export interface AuditFilters {
  actorId?: number;
  entity?: AuditEntity;
  entityId?: number;
  from?: string;
  to?: string;
}

const when = (iso: string) => `${formatDate(iso)} ${shopDateTimeIso(iso).slice(11, 16)}`;

/** The dashboard screen of an entity, where it still has one. */
function entityLink(entity: AuditEntity, id: number): string | null {
  const screens: Partial<Record<AuditEntity, string>> = {
    product: `/dashboard/edit-product/${id}`,
    category: `/dashboard/edit-category/${id}`,
    size: `/dashboard/edit-size/${id}`,
    event: `/dashboard/edit-event/${id}`,
    country: `/dashboard/edit-country/${id}`,
    discount: `/dashboard/edit-discount/${id}`,
    promo: `/dashboard/edit-discount/promo/${id}`,
    order: `/dashboard/orderDetails/${id}`,
    user: `/dashboard/edit-user/${id}`,
    sizeGuide: '/dashboard/size-guides',
    courier: '/dashboard/couriers',
    review: '/dashboard/reviews',
    look: '/dashboard/looks',
  };
  return screens[entity] ?? null;
}

function Changes({ row }: { row: AuditRowDto }) {
  const fields = Object.entries(row.changes);
  if (!fields.length) return <span className="audit-muted">{a.noChanges}</span>;
  return (
    <ul className="audit-changes">
      {fields.map(([field, [was, now]]) => (
        <li key={field}>
          <strong>{fieldLabel(field)}:</strong> <del>{valueText(field, was, row.entity)}</del> →{' '}
          <ins>{valueText(field, now, row.entity)}</ins>
        </li>
      ))}
    </ul>
  );
}

function What({ row }: { row: AuditRowDto }) {
  // The shop's settings are one entity (id 0): its fields name the setting.
  const label = row.entity === 'setting' ? a.entities.setting : `${a.entities[row.entity]} nr. ${row.entityID}`;
  const to = row.action === 'delete' ? null : entityLink(row.entity, row.entityID);
  return (
    <>
      {to ? <a href={to}>{label}</a> : label} <span className="audit-muted">({actionText(row.action)})</span>
    </>
  );
}

const columns: Column<AuditRowDto>[] = [
  { key: 'when', header: a.when, cell: (r) => when(r.createdAt) },
  { key: 'who', header: a.who, cell: (r) => r.actorName ?? (r.actorID === null ? a.noActor : `#${r.actorID}`) },
  { key: 'what', header: a.what, cell: (r) => <What row={r} /> },
  { key: 'changes', header: a.changes, cell: (r) => <Changes row={r} />, className: 'audit-changes-cell' },
  { key: 'ip', header: a.address, cell: (r) => r.ip ?? '—' },
];

/** A filter's day: a date typed wrong filters nothing (its field says what is wrong). */
const day = (value: string) => (isIsoDate(value) ? value : undefined);

function Filters({ filters, people, onChange }: FiltersProps) {
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch });
  return (
    <form className="audit-filters" onSubmit={(e) => e.preventDefault()} aria-label={a.filter}>
      <label>
        <span>{a.person}</span>
        <select
          className="dash-input"
          value={filters.actorId ?? ''}
          onChange={(e) => set({ actorId: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">{a.anyPerson}</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{a.entity}</span>
        <select
          className="dash-input"
          value={filters.entity ?? ''}
          onChange={(e) =>
            set({ entity: (e.target.value || undefined) as AuditEntity | undefined, entityId: undefined })
          }
        >
          <option value="">{a.anyEntity}</option>
          {AUDIT_ENTITIES.map((en) => (
            <option key={en} value={en}>
              {a.entities[en]}
            </option>
          ))}
        </select>
      </label>
      <Field id="audit-from" label={a.from} look="dashboard">
        {(control) => <DateField {...control} value={filters.from ?? ''} onChange={(v) => set({ from: day(v) })} />}
      </Field>
      <Field id="audit-to" label={a.to} look="dashboard">
        {(control) => (
          <DateField {...control} value={filters.to ?? ''} onChange={(v) => set({ to: day(v) })} min={filters.from} />
        )}
      </Field>
      {Object.values(filters).some((v) => v !== undefined) && (
        <Link to="/dashboard/audit" search={{}} className="dash-btn dash-btn--sm">
          {a.clear}
        </Link>
      )}
    </form>
  );
}

interface FiltersProps {
  filters: AuditFilters;
  people: Array<{ id: number; name: string }>;
  onChange: (f: AuditFilters) => void;
}

export function AuditLog({ filters, onFilters }: { filters: AuditFilters; onFilters: (f: AuditFilters) => void }) {
  const [page, setPage] = usePageNumber(JSON.stringify(filters));
  const list = useQuery({
    ...trpc.audit.page.queryOptions({ ...filters, page, pageSize: PAGE_SIZE_DEFAULT }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageHeader title={a.title} />
      <p className="audit-intro">{a.intro}</p>
      <Filters filters={filters} people={list.data?.people ?? []} onChange={onFilters} />
      {filters.entity && filters.entityId && (
        <p className="audit-scope" data-testid="audit-scope">
          {fill(a.filteredTo, { entity: a.entities[filters.entity], id: filters.entityId })}
        </p>
      )}
      <DataTable
        columns={columns}
        rows={list.data?.items}
        rowKey={(r) => r.auditID}
        loading={list.isPending}
        stale={list.isPlaceholderData}
        error={list.isError ? readError(list.error, a.none).message : null}
        emptyText={a.none}
        caption={a.title}
      />
      {list.data && <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />}
    </>
  );
}
