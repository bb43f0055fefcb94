// Shared dashboard table: columns with render functions, loading / error / empty states, horizontal scroll on tablets
// and one card per row on phones (each cell under its column's name, data-label; dashboard.css).
import type { ReactNode } from 'react';
import { matchesQuery } from '#shared/text';
import { messages } from '#shared/messages';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  className?: string;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  /** Error text shown instead of rows when the list failed to load. */
  error?: string | null;
  emptyText?: string;
  caption?: string;
  /** Many columns: smaller type, clipped text and a sticky actions column, so it fits a laptop screen. */
  compact?: boolean;
  /** The rows are the previous page or search, shown while the new one loads: dimmed and marked busy. */
  stale?: boolean;
}

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  error,
  emptyText,
  caption,
  compact,
  stale,
}: DataTableProps<T>) {
  let body: ReactNode;
  if (loading && !rows) body = <StateRow span={columns.length}>{messages.common.loading}</StateRow>;
  else if (error)
    body = (
      <StateRow span={columns.length} tone="error">
        {error}
      </StateRow>
    );
  else if (!rows || rows.length === 0)
    body = <StateRow span={columns.length}>{emptyText ?? messages.common.noResults}</StateRow>;
  else
    body = rows.map((row, i) => (
      <tr key={rowKey(row)}>
        {columns.map((c) => (
          <td key={c.key} className={c.className} data-label={typeof c.header === 'string' ? c.header : undefined}>
            <div className="dash-cell">{c.cell(row, i)}</div>
          </td>
        ))}
      </tr>
    ));
  return (
    <div className={`dash-table-wrap${stale ? ' dash-table-wrap--stale' : ''}`} aria-busy={stale || undefined}>
      <table className={`dash-table dash-table--stack${compact ? ' dash-table--compact' : ''}`}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

function StateRow({ span, children, tone }: { span: number; children: ReactNode; tone?: 'error' }) {
  return (
    <tr className="dash-table-state-row">
      <td
        colSpan={span}
        className={`dash-table-state${tone ? ` is-${tone}` : ''}`}
        role={tone === 'error' ? 'alert' : undefined}
      >
        {children}
      </td>
    </tr>
  );
}

/** Filters loaded rows by the dashboard search text (diacritic-insensitive, every word must match). */
export function filterRows<T>(
  rows: readonly T[] | undefined,
  query: string,
  fields: (row: T) => Array<string | number | null | undefined>,
): T[] | undefined {
  if (!rows) return rows;
  if (!query.trim()) return [...rows];
  return rows.filter((r) =>
    matchesQuery(
      query,
      fields(r).map((f) => (f == null ? '' : String(f))),
    ),
  );
}
