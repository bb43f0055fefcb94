// The dashboard overview (staff only, decision 211): one summary of SQL aggregates; GET /api/Overview is not in the
// spec (the dashboard reads it over tRPC).
import { query } from '#server/operations/define';
import { overviewSummary } from './overview.service';
import { OverviewReply } from '#shared/dto/overview';

export const overviewOperations = {
  summary: query({
    access: 'staff',
    output: OverviewReply,
    run: (caller) => overviewSummary(caller),
    rest: { method: 'GET', path: '/Overview' },
  }),
};
