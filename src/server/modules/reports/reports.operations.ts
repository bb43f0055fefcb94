// The reports screen's operations (staff, like the overview: decision 208; decision 230). Not in the spec: the
// dashboard reads the report over tRPC; GET /api/Reports and the CSV are its REST twins.
import { ReportCsvInput, ReportInput } from '#shared/schemas/reports';
import { ReportReply } from '#shared/dto/reports';
import { query } from '#server/operations/define';
import { downloadReply } from '#server/operations/rest-shapes';
import { reportCsv, reportCsvFileName } from './reports-csv.service';
import { salesReport } from './reports.service';

const CSV = 'text/csv; charset=utf-8';

export const reportsOperations = {
  sales: query({
    access: 'staff',
    input: ReportInput,
    output: ReportReply,
    run: (caller, input) => salesReport(caller, input),
    rest: { method: 'GET', path: '/Reports' },
  }),
  /** One table of the report (the series behind the charts, a top list, the rates by place) as a CSV download. */
  exportCsv: query({
    access: 'staff',
    input: ReportCsvInput,
    run: (caller, input) => reportCsv(caller, input),
    trpc: false,
    rest: {
      method: 'GET',
      path: '/Reports/export.csv',
      produces: CSV,
      reply: (_c, stream, input) => downloadReply(stream, reportCsvFileName(input), CSV),
    },
  }),
};
