// Answer schema of the reports screen (reports.ts), the interfaces' twins, for /api/openapi.json (decision 211).
import { z } from 'zod';
import { REPORT_GRANULARITIES } from '../report-periods';
import type {
  OrderOutcomesDto,
  ReportBucketDto,
  ReportDto,
  ReportFiguresDto,
  ReportPlaceRowDto,
  ReportTopListDto,
  ReportTopRowDto,
} from './reports';
import { twin } from './twin';

const ReportFiguresReply = twin<ReportFiguresDto>()(
  z.object({ revenue: z.number(), orders: z.number(), averageOrder: z.number(), codToCollect: z.number() }),
);
const ReportBucketReply = twin<ReportBucketDto>()(
  z.object({
    start: z.string(),
    end: z.string(),
    current: ReportFiguresReply,
    previousStart: z.string(),
    previousEnd: z.string(),
    previous: ReportFiguresReply,
  }),
);
const ReportTopRowReply = twin<ReportTopRowDto>()(
  z.object({ name: z.string(), units: z.number(), revenue: z.number() }),
);
const ReportTopListReply = twin<ReportTopListDto>()(
  z.object({ byRevenue: z.array(ReportTopRowReply), byUnits: z.array(ReportTopRowReply) }),
);
/** How a period's orders ended: the overview's 30 days and each place of the report (decision 254). */
export const OrderOutcomesReply = twin<OrderOutcomesDto>()(
  z.object({
    placed: z.number(),
    cancelled: z.number(),
    shipped: z.number(),
    returned: z.number(),
    cancelRate: z.number(),
    refusalRate: z.number(),
  }),
);
const ReportPlaceRowReply = twin<ReportPlaceRowDto>()(
  OrderOutcomesReply.extend({ country: z.string(), city: z.string().nullable() }),
);
export const ReportReply = twin<ReportDto>()(
  z.object({
    from: z.string(),
    to: z.string(),
    previousFrom: z.string(),
    previousTo: z.string(),
    granularity: z.enum(REPORT_GRANULARITIES),
    current: ReportFiguresReply,
    previous: ReportFiguresReply,
    buckets: z.array(ReportBucketReply),
    top: z.object({
      products: ReportTopListReply,
      sizes: ReportTopListReply,
      colors: ReportTopListReply,
      categories: ReportTopListReply,
    }),
    places: z.object({ countries: z.array(ReportPlaceRowReply), cities: z.array(ReportPlaceRowReply) }),
  }),
);
