// The reports screen (issue 27, decision 230): revenue, orders, average order and cash on delivery still to collect
// per day, week or month of a chosen period against the previous period of the same length; the best-selling
// products, sizes, colours and categories; cancellation and refusal rates by city and country. Every figure is a SQL
// aggregate read from the orders' rollups (orders module, decision 244); this file cuts the period into shop-time
// buckets and shapes the answer.
import { addDays, shopDayStartIso } from '#shared/dates';
import { centsToEuros } from '#shared/money';
import { staffMessages } from '#shared/messages-staff';
import { daysInPeriod, previousPeriod, reportBuckets, shiftBucket, type DayBucket } from '#shared/report-periods';
import type { ReportDto, ReportFiguresDto, ReportPlaceRowDto } from '#shared/dto/reports';
import type { ReportInput } from '#shared/schemas/reports';
import type { AppDeps } from '#server/deps';
import { productCategories } from '../catalog';
import {
  figuresPerDayPart,
  lineSales,
  outcomeRates,
  outcomesByPlace,
  refusalsByBuyer,
  type NamedSales,
  type ProductSales,
} from '../orders';
import { refundCentsPerRange } from '../returns';
import { forgottenCartFigures } from '../cart';
import { creditSpentOnOrders } from '../store-credit';
import { giftCardCentsPerRange, giftCardsSpentOnOrders } from '../gift-cards';
import { nextTurn } from '#server/time-slices';

type Deps = Pick<AppDeps, 'db'>;
type ReportDeps = Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'config'>>;

interface BucketFigures {
  orders: number;
  revenueCents: number;
  codCents: number;
}

/** Rows each top list shows on screen (the CSV holds them all). */
export const REPORT_TOP_ROWS = 10;
/** Cities shown on screen, most orders first (the CSV holds them all). */
export const REPORT_CITY_ROWS = 30;

/** A shop-time day range as its UTC instants [start, end). */
const utcRange = (b: DayBucket) => ({ startAt: shopDayStartIso(b.start), endAt: shopDayStartIso(addDays(b.end, 1)) });

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

/** The index of the last range starting at or before `at` (ranges sorted and contiguous). */
function rangeIndex(starts: string[], at: string): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Figures per bucket of consecutive buckets: one SQL read per day part over the whole span (decision 244), each part
 * added to the bucket it falls in (a shop day starts where a day part does, so a part never straddles two buckets).
 */
async function figuresPerBucket(deps: Deps, buckets: DayBucket[]): Promise<BucketFigures[]> {
  const starts = buckets.map((b) => utcRange(b).startAt);
  const totals = buckets.map(() => ({ orders: 0, revenueCents: 0, codCents: 0 }));
  const parts = await figuresPerDayPart(deps.db, starts[0]!, utcRange(buckets.at(-1)!).endAt);
  for (const h of parts) {
    const t = totals[rangeIndex(starts, `${h.part}:00:00.000Z`)]!;
    t.orders += h.orders;
    t.revenueCents += h.revenueCents;
    t.codCents += h.codCents;
  }
  // Revenue net of the refunds recorded in each bucket (decision 235), one question for all of them.
  const refunds = await refundCentsPerRange(deps.db, buckets.map(utcRange));
  for (const [i, cents] of refunds.entries()) totals[i]!.revenueCents -= cents;
  // And net of what gift cards paid: a card's value was revenue when the card was sold (decision 274, amended).
  const cards = await giftCardCentsPerRange(deps.db, buckets.map(utcRange));
  for (const [i, cents] of cards.entries()) totals[i]!.revenueCents -= cents;
  return totals;
}

/** The period's and the previous period's figures per bucket (one query for both) and in total. */
export async function reportSeries(deps: Deps, input: ReportInput): Promise<ReportSeries> {
  const length = daysInPeriod(input.from, input.to);
  const buckets = reportBuckets(input.from, input.to, input.granularity);
  const earlier = buckets.map((b) => shiftBucket(b, -length));
  const all = await figuresPerBucket(deps, [...earlier, ...buckets]);
  const before = all.slice(0, earlier.length);
  const now = all.slice(earlier.length);
  const period = previousPeriod(input.from, input.to);
  return {
    previousFrom: period.start,
    previousTo: period.end,
    current: figures(sumFigures(now)),
    previous: figures(sumFigures(before)),
    buckets: buckets.map((b, i) => ({
      start: b.start,
      end: b.end,
      current: figures(now[i]),
      previousStart: earlier[i]!.start,
      previousEnd: earlier[i]!.end,
      previous: figures(before[i]),
    })),
  };
}

export interface TopRow {
  name: string;
  units: number;
  revenueCents: number;
}

/** Sums sold rows under a name; most revenue first (then units, then name). */
function rollUp<T extends { units: number; revenueCents: number }>(rows: T[], nameOf: (r: T) => string): TopRow[] {
  const byName = new Map<string, TopRow>();
  for (const l of rows) {
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

/** Product ids per question for their categories: a year sells most of a 10 000-product catalogue. */
const CATEGORY_BATCH = 1000;

/**
 * The categories of these products, a batch of ids at a time with a turn of the event loop between batches
 * (decision 265): one question with 9 000 ids built, sent and parsed its parameters and rows in one stretch.
 */
async function categoriesOf(deps: Deps, ids: number[]): Promise<Map<number, { categoryName: string }>> {
  const all = new Map<number, { categoryName: string }>();
  for (let i = 0; i < ids.length; i += CATEGORY_BATCH) {
    if (i > 0) await nextTurn();
    for (const [id, c] of await productCategories(deps, ids.slice(i, i + CATEGORY_BATCH))) all.set(id, c);
  }
  return all;
}

/** Every product, size, colour and category sold in the period, most revenue first. */
export async function reportTopLists(deps: Deps, input: ReportInput): Promise<TopLists> {
  const { startAt, endAt } = utcRange({ start: input.from, end: input.to });
  const sales = await lineSales(deps.db, startAt, endAt);
  const ids = sales.products.flatMap((l) => (l.productId === null ? [] : [l.productId]));
  const categories = await categoriesOf(deps, ids);
  const noCategory = staffMessages.reports.noCategory;
  // Two products may share a name: the product list keys by id and shows the name.
  const productKey = (l: ProductSales) => (l.productId === null ? `\u0000${l.productName}` : `${l.productId}`);
  const names = new Map(sales.products.map((l) => [productKey(l), l.productName]));
  const products = rollUp(sales.products, productKey).map((r) => ({ ...r, name: names.get(r.name) ?? r.name }));
  const byName = (l: NamedSales) => l.name;
  return {
    products,
    sizes: rollUp(sales.sizes, byName),
    colors: rollUp(sales.colors, byName),
    categories: rollUp(
      sales.products,
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
    ...outcomeRates(t),
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

/**
 * The whole screen in one answer: three aggregate reads, one after the other with a turn of the event loop between
 * them (SQLite's driver is synchronous: side by side they would still run back to back, holding the loop for all
 * three).
 */
export async function salesReport(deps: ReportDeps, input: ReportInput): Promise<ReportDto> {
  const series = await reportSeries(deps, input);
  await nextTurn();
  const tops = await reportTopLists(deps, input);
  await nextTurn();
  const places = await reportPlaces(deps, input);
  await nextTurn();
  const { startAt, endAt } = utcRange({ start: input.from, end: input.to });
  const creditCents = await creditSpentOnOrders(deps, startAt, endAt);
  const giftCardCents = await giftCardsSpentOnOrders(deps, startAt, endAt);
  const forgottenCarts = await forgottenCartFigures(deps, startAt, endAt);
  await nextTurn();
  const byBuyer = await refusalsByBuyer(deps.db, startAt, endAt);
  return {
    refusalsByBuyer: byBuyer,
    paidWithCredit: {
      storeCredit: centsToEuros(creditCents),
      giftCard: centsToEuros(giftCardCents),
      total: centsToEuros(creditCents + giftCardCents),
    },
    forgottenCarts,
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
