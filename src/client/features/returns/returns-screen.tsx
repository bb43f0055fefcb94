// /dashboard/returns "Kthimet" (decision 235): the return and exchange requests, newest first, filtered by state,
// each card with the steps it allows now.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { RETURN_STATES, type ReturnState } from '#shared/returns';
import { PageHeader } from '#client/components/dashboard/page-header';
import { Pager } from '#client/components/dashboard/pager';
import { readError } from '#client/lib/api-error';
import { trpc } from '#client/lib/trpc';
import { ReturnCard } from '#client/components/dashboard/returns-work';

const s = staffMessages.returns;
const PAGE_SIZE = 20;

export function ReturnsScreen() {
  const [state, setState] = useState<ReturnState | ''>('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.returns.page.queryOptions({ state: state || undefined, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageHeader title={s.title} />
      <p className="dash-muted">{s.intro}</p>
      <label className="returns-filter">
        <span>{s.filterByState}</span>
        <select
          className="dash-input"
          value={state}
          onChange={(e) => {
            setState(e.target.value as ReturnState | '');
            setPage(1);
          }}
        >
          <option value="">{s.allStates}</option>
          {RETURN_STATES.map((st) => (
            <option key={st} value={st}>
              {s.states[st]}
            </option>
          ))}
        </select>
      </label>
      {list.isPending ? (
        <p className="dash-muted">{messages.common.loading}</p>
      ) : list.isError ? (
        <p className="dash-error" role="alert">
          {readError(list.error, s.loadFailed).message}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="dash-muted">{s.empty}</p>
      ) : (
        <div className="returns-list">
          {list.data.items.map((r) => (
            <ReturnCard key={r.returnRequestId} r={r} customerName={r.customerName} />
          ))}
        </div>
      )}
      {list.data && <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />}
    </>
  );
}
