// Answer schema of the reports screen (reports.ts), the interfaces' twins, for /api/openapi.json (decision 211).
import { z } from 'zod';
import { REPORT_GRANULARITIES } from '../report-periods';
import type {
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
const ReportPlaceRowReply = twin<ReportPlaceRowDto>()(
  z.object({
    country: z.string(),
    city: z.string().nullable(),
    placed: z.number(),
    cancelled: z.number(),
    shipped: z.number(),
    returned: z.number(),
    cancelRate: z.number(),
    refusalRate: z.number(),
  }),
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
