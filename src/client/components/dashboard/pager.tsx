// Pages of a staff list loaded from the server (decision 134): "Faqja 2 nga 40 · 26–50 nga 1 000", previous / next.
import { useEffect, useState } from 'react';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';

const p = staffMessages.paging;

/** The page shown, back to 1 whenever `resetKey` (the search text, a filter) changes. */
export function usePageNumber(resetKey: string): [number, (page: number) => void] {
  const [state, setState] = useState({ key: resetKey, page: 1 });
  const page = state.key === resetKey ? state.page : 1;
  return [page, (next: number) => setState({ key: resetKey, page: next })];
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // After deletions the page asked for may no longer exist: show the last one instead.
  useEffect(() => {
    if (total > 0 && page > pages) onPage(pages);
  }, [total, page, pages, onPage]);
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="dash-pager" aria-label={p.label} data-testid="dash-pager">
      <button type="button" className="dash-btn dash-btn--sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {p.previous}
      </button>
      <span className="dash-pager-status" aria-live="polite">
        {fill(p.pageOf, { page, pages })} · {fill(p.shown, { from, to, total: total.toLocaleString('sq-AL') })}
      </span>
      <button type="button" className="dash-btn dash-btn--sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {p.next}
      </button>
    </nav>
  );
}
