// The reports screen's answer (decision 230): one zod schema per shape, its type inferred (decision 264); the schemas
// document the answer in /api/openapi.json. Money in euros; days are shop-time dates yyyy-mm-dd, both ends included.
import { z } from 'zod';
import { REPORT_GRANULARITIES } from '../report-periods';
import { ForgottenCartsReply } from './cart-reminders';

/** The four figures of a period or a bucket. */
const ReportFiguresReply = z.object({
  /** Live orders (not cancelled, not returned): what the shoppers pay, after discounts, shipping included. */
  revenue: z.number(),
  orders: z.number(),
  /** revenue / orders, to the cent (0 without orders). */
  averageOrder: z.number(),
  /** Live orders still pending: the cash on delivery the courier has yet to collect. */
  codToCollect: z.number(),
});
export type ReportFiguresDto = z.infer<typeof ReportFiguresReply>;

const ReportBucketReply = z.object({
  start: z.string(),
  end: z.string(),
  current: ReportFiguresReply,
  /** The same bucket shifted back by the period's length. */
  previousStart: z.string(),
  previousEnd: z.string(),
  previous: ReportFiguresReply,
});

/** A product, size, colour or category: units sold and their revenue (lines after their share of the discount). */
const ReportTopRowReply = z.object({ name: z.string(), units: z.number(), revenue: z.number() });

const ReportTopListReply = z.object({ byRevenue: z.array(ReportTopRowReply), byUnits: z.array(ReportTopRowReply) });
export type ReportTopListDto = z.infer<typeof ReportTopListReply>;

/** How a period's orders ended (the reports' places and the overview share it: one definition, decision 254). */
export const OrderOutcomesReply = z.object({
  placed: z.number(),
  cancelled: z.number(),
  /** Handed to the courier (delivered, returned ones included). */
  shipped: z.number(),
  /** Refused at the door or returned after delivery. */
  returned: z.number(),
  /** cancelled / placed, percent with one decimal. */
  cancelRate: z.number(),
  /** returned / shipped, percent with one decimal (0 when nothing shipped). */
  refusalRate: z.number(),
});

/** Orders placed in a city (or a country) and what became of them. */
const ReportPlaceRowReply = OrderOutcomesReply.extend({
  country: z.string(),
  /** null on a country's row. */
  city: z.string().nullable(),
});
export type ReportPlaceRowDto = z.infer<typeof ReportPlaceRowReply>;

const BuyerKindRow = z.object({ shipped: z.number(), returned: z.number(), refusalRate: z.number() });

export const ReportReply = z.object({
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
  /**
   * The part of the period's revenue paid with a balance the shopper already held instead of cash at the door
   * (decision 275): store credit today, gift cards beside it later. Already inside `current.revenue`, never added to
   * it; `total` is the sum of the kinds.
   */
  paidWithCredit: z.object({ storeCredit: z.number(), giftCard: z.number(), total: z.number() }),
  /**
   * Orders of the period shipped and refused at the door, by whether the buyer had ordered before (decision 275): a
   * buyer's first order is first-time, every later one returning (buyers joined by account, e-mail and phone).
   */
  refusalsByBuyer: z.object({ firstTime: BuyerKindRow, returning: BuyerKindRow }),
  /** Carts reminded in the period and the orders that came back after a reminder (decision 275). */
  forgottenCarts: ForgottenCartsReply,
});
export type ReportDto = z.infer<typeof ReportReply>;
