// The reports screen (issue 27, decision 230): revenue, orders, average order and cash on delivery still to collect
// per day, week or month of a chosen period against the previous period of the same length; the best-selling
// products, sizes, colours and categories; cancellation and refusal rates by city and country. Every figure is a SQL
// aggregate (orders module); this file cuts the period into shop-time buckets and shapes the answer.
import { addDays, shopDayStartIso } from '../../../shared/dates';
import { centsToEuros } from '../../../shared/money';
import { staffMessages } from '../../../shared/messages-staff';
import {
  daysInPeriod,
  previousPeriod,
  reportBuckets,
  shiftBucket,
  type DayBucket,
} from '../../../shared/report-periods';
import type { ReportBucketDto, ReportDto, ReportFiguresDto, ReportPlaceRowDto } from '../../../shared/dto/reports';
import type { ReportInput } from '../../../shared/schemas/reports';
import type { AppDeps } from '../../deps';
import { productCategories } from '../catalog';
import { figuresPerBucket, lineSales, outcomesByPlace, type BucketFigures, type LineSales } from '../orders';

type Deps = Pick<AppDeps, 'db'>;

/** Rows each top list shows on screen (the CSV holds them all). */
export const REPORT_TOP_ROWS = 10;
/** Cities shown on screen, most orders first (the CSV holds them all). */
export const REPORT_CITY_ROWS = 30;

/** A shop-time day range as its UTC instants [start, end). */
const utcRange = (b: DayBucket) => ({ startAt: shopDayStartIso(b.start), endAt: shopDayStartIso(addDays(b.end, 1)) });

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

function figures(f: BucketFigures | undefined): ReportFiguresDto {
  const orders = f?.orders ?? 0;
  const revenueCents = f?.revenueCents ?? 0;
  return {
    revenue: centsToEuros(revenueCents),
    orders,
    averageOrder: orders === 0 ? 0 : centsToEuros(Math.round(revenueCents / orders)),
    codToCollect: centsToEuros(f?.codCents ?? 0),
  };
}

const sumFigures = (all: Array<BucketFigures | undefined>): BucketFigures =>
  all.reduce<BucketFigures>(
    (t, f) => ({
      orders: t.orders + (f?.orders ?? 0),
      revenueCents: t.revenueCents + (f?.revenueCents ?? 0),
      codCents: t.codCents + (f?.codCents ?? 0),
    }),
    { orders: 0, revenueCents: 0, codCents: 0 },
  );

export type ReportSeries = Pick<ReportDto, 'previousFrom' | 'previousTo' | 'current' | 'previous' | 'buckets'>;

/** The period's and the previous period's figures per bucket (one query for both) and in total. */
export async function reportSeries(deps: Deps, input: ReportInput): Promise<ReportSeries> {
  const length = daysInPeriod(input.from, input.to);
  const buckets = reportBuckets(input.from, input.to, input.granularity);
  const earlier = buckets.map((b) => shiftBucket(b, -length));
  const byKey = await figuresPerBucket(deps.db, [
    ...buckets.map((b, i) => ({ key: `c${i}`, ...utcRange(b) })),
    ...earlier.map((b, i) => ({ key: `p${i}`, ...utcRange(b) })),
  ]);
  const rows: ReportBucketDto[] = buckets.map((b, i) => ({
    start: b.start,
    end: b.end,
    current: figures(byKey.get(`c${i}`)),
    previousStart: earlier[i]!.start,
    previousEnd: earlier[i]!.end,
    previous: figures(byKey.get(`p${i}`)),
  }));
  const before = previousPeriod(input.from, input.to);
  return {
    previousFrom: before.start,
    previousTo: before.end,
    current: figures(sumFigures(buckets.map((_, i) => byKey.get(`c${i}`)))),
    previous: figures(sumFigures(earlier.map((_, i) => byKey.get(`p${i}`)))),
    buckets: rows,
  };
}

export interface TopRow {
  name: string;
  units: number;
  revenueCents: number;
}

/** Sums sold lines under a name; most revenue first (then units, then name). */
function rollUp(lines: LineSales[], nameOf: (l: LineSales) => string): TopRow[] {
  const byName = new Map<string, TopRow>();
  for (const l of lines) {
    const name = nameOf(l);
    const row = byName.get(name) ?? { name, units: 0, revenueCents: 0 };
    row.units += l.units;
    row.revenueCents += l.revenueCents;
    byName.set(name, row);
  }
  return [...byName.values()].sort(
    (a, b) => b.revenueCents - a.revenueCents || b.units - a.units || a.name.localeCompare(b.name, 'sq'),
  );
}

export interface TopLists {
  products: TopRow[];
  sizes: TopRow[];
  colors: TopRow[];
  categories: TopRow[];
}

/** Every product, size, colour and category sold in the period, most revenue first. */
export async function reportTopLists(deps: Deps, input: ReportInput): Promise<TopLists> {
  const { startAt, endAt } = utcRange({ start: input.from, end: input.to });
  const lines = await lineSales(deps.db, startAt, endAt);
  const ids = lines.flatMap((l) => (l.productId === null ? [] : [l.productId]));
  const categories = await productCategories(deps, ids);
  const noCategory = staffMessages.reports.noCategory;
  // Two products may share a name: the product list keys by id and shows the name (rows of one id add up).
  const productKey = (l: LineSales) => (l.productId === null ? `\u0000${l.productName}` : `${l.productId}`);
  const names = new Map(lines.map((l) => [productKey(l), l.productName]));
  const products = rollUp(lines, productKey).map((r) => ({ ...r, name: names.get(r.name) ?? r.name }));
  return {
    products,
    sizes: rollUp(lines, (l) => l.size),
    colors: rollUp(lines, (l) => l.color),
    categories: rollUp(
      lines,
      (l) => (l.productId === null ? undefined : categories.get(l.productId))?.categoryName ?? noCategory,
    ),
  };
}

function placeRow(
  country: string,
  city: string | null,
  rows: Array<Omit<ReportPlaceRowDto, 'cancelRate' | 'refusalRate' | 'country' | 'city'>>,
): ReportPlaceRowDto {
  const t = rows.reduce(
    (a, r) => ({
      placed: a.placed + r.placed,
      cancelled: a.cancelled + r.cancelled,
      shipped: a.shipped + r.shipped,
      returned: a.returned + r.returned,
    }),
    { placed: 0, cancelled: 0, shipped: 0, returned: 0 },
  );
  return {
    country,
    city,
    ...t,
    cancelRate: percent(t.cancelled, t.placed),
    refusalRate: percent(t.returned, t.shipped),
  };
}

const byPlaced = (a: ReportPlaceRowDto, b: ReportPlaceRowDto) =>
  b.placed - a.placed || a.country.localeCompare(b.country, 'sq') || (a.city ?? '').localeCompare(b.city ?? '', 'sq');

/** Orders placed per country and per city and their cancellation and refusal rates, most orders first. */
export async function reportPlaces(deps: Deps, input: ReportInput): Promise<ReportDto['places']> {
  const { startAt, endAt } = utcRange({ start: input.from, end: input.to });
  const rows = await outcomesByPlace(deps.db, startAt, endAt);
  const byCountry = new Map<string, typeof rows>();
  for (const r of rows) byCountry.set(r.country, [...(byCountry.get(r.country) ?? []), r]);
  return {
    countries: [...byCountry].map(([country, list]) => placeRow(country, null, list)).sort(byPlaced),
    cities: rows.map((r) => placeRow(r.country, r.city, [r])).sort(byPlaced),
  };
}

const topOf = (rows: TopRow[]) => {
  const shown = (r: TopRow) => ({ name: r.name, units: r.units, revenue: centsToEuros(r.revenueCents) });
  const byUnits = [...rows].sort(
    (a, b) => b.units - a.units || b.revenueCents - a.revenueCents || a.name.localeCompare(b.name, 'sq'),
  );
  return {
    byRevenue: rows.slice(0, REPORT_TOP_ROWS).map(shown),
    byUnits: byUnits.slice(0, REPORT_TOP_ROWS).map(shown),
  };
};

/** The whole screen in one answer: three aggregate reads run side by side. */
export async function salesReport(deps: Deps, input: ReportInput): Promise<ReportDto> {
  const [series, tops, places] = await Promise.all([
    reportSeries(deps, input),
    reportTopLists(deps, input),
    reportPlaces(deps, input),
  ]);
  return {
    from: input.from,
    to: input.to,
    granularity: input.granularity,
    ...series,
    top: {
      products: topOf(tops.products),
      sizes: topOf(tops.sizes),
      colors: topOf(tops.colors),
      categories: topOf(tops.categories),
    },
    places: { countries: places.countries, cities: places.cities.slice(0, REPORT_CITY_ROWS) },
  };
}
