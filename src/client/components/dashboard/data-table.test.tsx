// @vitest-environment happy-dom
// A staff list keeps the previous page on screen while the next one loads (React Query's placeholder data): those
// rows are marked busy and dimmed, so nobody reads or ticks them as the new page's.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { DataTable } from './data-table';

interface Row {
  id: number;
  name: string;
}
const columns = [{ key: 'name', header: 'Emri', cell: (r: Row) => r.name }];
const rows: Row[] = [
  { id: 1, name: 'Fustan liri' },
  { id: 2, name: 'Xhaketë' },
];
const table = (props: { rows?: Row[]; loading?: boolean; stale?: boolean }) =>
  render(
    <DataTable columns={columns} rows={props.rows} rowKey={(r) => r.id} loading={props.loading} stale={props.stale} />,
  );

afterEach(cleanup);

describe('DataTable', () => {
  it('shows current rows plainly', () => {
    const { container } = table({ rows });
    expect(screen.getByText('Xhaketë')).toBeTruthy();
    const wrap = container.querySelector('.dash-table-wrap')!;
    expect(wrap.getAttribute('aria-busy')).toBeNull();
    expect(wrap.classList.contains('dash-table-wrap--stale')).toBe(false);
  });

  it('marks the previous rows busy while the next page loads, and still shows them', () => {
    const { container } = table({ rows, stale: true });
    expect(screen.getByText('Fustan liri')).toBeTruthy();
    const wrap = container.querySelector('.dash-table-wrap')!;
    expect(wrap.getAttribute('aria-busy')).toBe('true');
    expect(wrap.classList.contains('dash-table-wrap--stale')).toBe(true);
  });

  it('says it is loading when there is nothing to show yet', () => {
    table({ loading: true });
    expect(screen.getByText(messages.common.loading)).toBeTruthy();
  });
});
