// GET /api/Reports/export.csv: one table of the reports screen as a CSV (decision 230), written like the orders export
// (decision 221): UTF-8 with BOM, Albanian headers, money as plain decimals (54.90), days as shop-time dates, every
// cell through lib/csv.ts (formula-like text neutralised: product and city names are typed by people). The tables
// are aggregates (at most a year of buckets, one row per product, city …), so the rows are built before streaming.
import type { Readable } from 'node:stream';
import { staffMessages } from '#shared/messages-staff';
import type { ReportCsvInput, ReportCsvKind } from '#shared/schemas/reports';
import type { ReportFiguresDto, ReportPlaceRowDto } from '#shared/dto/reports';
import type { AppDeps } from '#server/deps';
import { csvStream } from '#server/lib/csv';
import { reportPlaces, reportSeries, reportTopLists, type TopRow } from './reports.service';

type Deps = Pick<AppDeps, 'db'>;
type Row = Record<string, string | number>;
const h = staffMessages.reports.csv;

/** Euros as a plain decimal with a dot and two places ("54.90"). */
const plain = (euros: number) => euros.toFixed(2);
const rate = (n: number) => n.toFixed(1);

const SERIES_COLUMNS = [
  'start',
  'end',
  'revenue',
  'orders',
  'averageOrder',
  'codToCollect',
  'previousStart',
  'previousEnd',
  'previousRevenue',
  'previousOrders',
  'previousAverageOrder',
  'previousCodToCollect',
] as const;
const TOP_COLUMNS = ['rank', 'name', 'units', 'revenue'] as const;
const CITY_COLUMNS = [
  'country',
  'city',
  'placed',
  'cancelled',
  'shipped',
  'returned',
  'cancelRate',
  'refusalRate',
] as const;

const COLUMNS: Record<ReportCsvKind, readonly (keyof typeof h)[]> = {
  series: SERIES_COLUMNS,
  products: TOP_COLUMNS,
  sizes: TOP_COLUMNS,
  colors: TOP_COLUMNS,
  categories: TOP_COLUMNS,
  cities: CITY_COLUMNS,
  countries: CITY_COLUMNS.filter((c) => c !== 'city'),
};

const money = (f: ReportFiguresDto, prefix: '' | 'previous') => {
  const key = (k: string) => (prefix ? `previous${k[0]!.toUpperCase()}${k.slice(1)}` : k);
  return {
    [key('revenue')]: plain(f.revenue),
    [key('orders')]: f.orders,
    [key('averageOrder')]: plain(f.averageOrder),
    [key('codToCollect')]: plain(f.codToCollect),
  };
};

const topRows = (rows: TopRow[]): Row[] =>
  rows.map((r, i) => ({ rank: i + 1, name: r.name, units: r.units, revenue: (r.revenueCents / 100).toFixed(2) }));

const placeRows = (rows: ReportPlaceRowDto[]): Row[] =>
  rows.map((r) => ({
    country: r.country,
    city: r.city ?? '',
    placed: r.placed,
    cancelled: r.cancelled,
    shipped: r.shipped,
    returned: r.returned,
    cancelRate: rate(r.cancelRate),
    refusalRate: rate(r.refusalRate),
  }));

/** The rows of one table of the report, all of them (the screen shows the top ones). */
async function csvRows(deps: Deps, input: ReportCsvInput): Promise<Row[]> {
  const kind = input.kind;
  if (kind === 'series') {
    const s = await reportSeries(deps, input);
    return s.buckets.map((b) => ({
      start: b.start,
      end: b.end,
      ...money(b.current, ''),
      previousStart: b.previousStart,
      previousEnd: b.previousEnd,
      ...money(b.previous, 'previous'),
    }));
  }
  if (kind === 'cities' || kind === 'countries') return placeRows((await reportPlaces(deps, input))[kind]);
  return topRows((await reportTopLists(deps, input))[kind]);
}

async function* yieldAll(rows: Promise<Row[]>) {
  yield* await rows;
}

export function reportCsv(deps: Deps, input: ReportCsvInput): Readable {
  return csvStream(yieldAll(csvRows(deps, input)), {
    bom: true,
    header: true,
    columns: COLUMNS[input.kind].map((key) => ({ key, header: h[key] })),
    record_delimiter: '\r\n',
  });
}

export const reportCsvFileName = (input: ReportCsvInput) => `raporti-${input.kind}-${input.from}_${input.to}.csv`;
