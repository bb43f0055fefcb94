// tRPC procedures of the dashboard overview (staff only): one summary of SQL aggregates.
import { router, staffProcedure } from '../../trpc/init';
import { overviewSummary } from './overview.service';

export const overviewRouter = router({
  summary: staffProcedure.query(({ ctx }) => overviewSummary(ctx)),
});
