// The dashboard overview: today's and this month's orders and revenue (shop time), pending count, 30-day chart,
// best sellers, low stock and the 30-day refusal rate (cancelled or returned), all from SQL aggregates (no order is loaded into memory).
import { addDays, shopDayStartIso, shopToday } from '#shared/dates';
import { LOW_STOCK_THRESHOLD } from '#shared/limits';
import { centsToEuros } from '#shared/money';
import type { OverviewDto } from '#shared/dto/overview';
import type { AppDeps } from '#server/deps';
import { firstPictures, lowStockVariants } from '../catalog';
import { imageUrl } from '../media';
import {
  bestSellers,
  ordersBetween,
  ordersPerDay,
  outcomeRates,
  outcomesBetween,
  pendingOrderCount,
  type DayRange,
} from '../orders';
import { refundCentsBetween, refundCentsPerRange, returnFigures } from '../returns';
import { giftCardCentsPerRange, giftCardsSpentOnOrders } from '../gift-cards';

export const CHART_DAYS = 30;
const BEST_SELLERS = 5;
const LOW_STOCK_LIMIT = 50;

const pictureUrl = (fileName: string | undefined) => (fileName ? imageUrl(fileName) : null);

function dayRange(day: string): DayRange {
  return { day, startAt: shopDayStartIso(day), endAt: shopDayStartIso(addDays(day, 1)) };
}

export async function overviewSummary(deps: Pick<AppDeps, 'db'>, now: Date = new Date()): Promise<OverviewDto> {
  const today = shopToday(now);
  const days = Array.from({ length: CHART_DAYS }, (_, i) => dayRange(addDays(today, i - (CHART_DAYS - 1))));
  const monthStart = `${today.slice(0, 8)}01`;
  const [y, m] = today.split('-').map(Number) as [number, number];
  const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  const todayRange = days[days.length - 1]!;

  const [perDay, month, pending, best, low, outcomes] = await Promise.all([
    ordersPerDay(deps.db, days),
    ordersBetween(deps.db, shopDayStartIso(monthStart), shopDayStartIso(nextMonth)),
    pendingOrderCount(deps.db),
    bestSellers(deps.db, days[0]!.startAt, BEST_SELLERS),
    lowStockVariants(deps, LOW_STOCK_THRESHOLD, LOW_STOCK_LIMIT),
    outcomesBetween(deps.db, days[0]!.startAt, todayRange.endAt),
  ]);
  // The pictures are the catalogue's (it owns product_images): one question for the whole list (decision 223).
  const pictures = await firstPictures(
    deps,
    best.flatMap((b) => (b.product_id === null ? [] : [b.product_id])),
  );
  // Revenue is net of the refunds recorded that day (decision 235) and of what gift cards paid (a card's value
  // was revenue when it was sold, decision 274).
  const cards = await giftCardCentsPerRange(deps.db, days);
  const refunds = (await refundCentsPerRange(deps.db, days)).map((cents, i) => cents + cards[i]!);
  const monthStartAt = shopDayStartIso(monthStart);
  const monthEndAt = shopDayStartIso(nextMonth);
  const monthRefunds =
    (await refundCentsBetween(deps.db, monthStartAt, monthEndAt)) +
    (await giftCardsSpentOnOrders(deps, monthStartAt, monthEndAt));
  const returns = await returnFigures(deps.db, days[0]!.startAt, todayRange.endAt);
  const refundOf = new Map(days.map((d, i) => [d.day, refunds[i]!]));
  const byDay = new Map(
    perDay.map((r) => [r.day, { ...r, revenue_cents: Number(r.revenue_cents) - (refundOf.get(r.day) ?? 0) }]),
  );
  const chart = days.map((d) => {
    const r = byDay.get(d.day);
    return { date: d.day, orders: Number(r?.orders ?? 0), revenue: centsToEuros(Number(r?.revenue_cents ?? 0)) };
  });
  const todayRow = byDay.get(todayRange.day);
  return {
    today,
    todayOrders: Number(todayRow?.orders ?? 0),
    todayRevenue: centsToEuros(Number(todayRow?.revenue_cents ?? 0)),
    monthOrders: month.orders,
    monthRevenue: centsToEuros(month.revenueCents - monthRefunds),
    pendingOrders: pending,
    outcomes: { ...outcomes, ...outcomeRates(outcomes) },
    days: chart,
    bestSellers: best.map((b) => ({
      productID: b.product_id,
      productName: b.product_name,
      quantity: Number(b.quantity),
      revenue: centsToEuros(Number(b.revenue_cents)),
      imageURL: pictureUrl(b.product_id === null ? undefined : pictures.get(b.product_id)),
    })),
    lowStock: low.map((v) => ({
      variantID: v.variant_id,
      productID: v.product_id,
      productName: v.name,
      sizeName: v.size_name,
      colorName: v.color_name,
      hexCode: v.hex_code,
      stockQuantity: v.stock_quantity,
    })),
    returns,
  };
}
