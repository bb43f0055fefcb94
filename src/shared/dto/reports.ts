// The reports screen's answer (decision 230). Money in euros; days are shop-time dates yyyy-mm-dd, both ends included.
import type { ReportGranularity } from '../report-periods';

/** The four figures of a period or a bucket. */
export interface ReportFiguresDto {
  /** Live orders (not cancelled, not returned): what the shoppers pay, after discounts, shipping included. */
  revenue: number;
  orders: number;
  /** revenue / orders, to the cent (0 without orders). */
  averageOrder: number;
  /** Live orders still pending: the cash on delivery the courier has yet to collect. */
  codToCollect: number;
}

export interface ReportBucketDto {
  start: string;
  end: string;
  current: ReportFiguresDto;
  /** The same bucket shifted back by the period's length. */
  previousStart: string;
  previousEnd: string;
  previous: ReportFiguresDto;
}

/** A product, size, colour or category: units sold and their revenue (lines after their share of the discount). */
export interface ReportTopRowDto {
  name: string;
  units: number;
  revenue: number;
}

export interface ReportTopListDto {
  byRevenue: ReportTopRowDto[];
  byUnits: ReportTopRowDto[];
}

/** How a period's orders ended (the reports' places and the overview share it: one definition, decision 254). */
export interface OrderOutcomesDto {
  placed: number;
  cancelled: number;
  /** Handed to the courier (delivered, returned ones included). */
  shipped: number;
  /** Refused at the door or returned after delivery. */
  returned: number;
  /** cancelled / placed, percent with one decimal. */
  cancelRate: number;
  /** returned / shipped, percent with one decimal (0 when nothing shipped). */
  refusalRate: number;
}

/** Orders placed in a city (or a country) and what became of them. */
export interface ReportPlaceRowDto extends OrderOutcomesDto {
  country: string;
  /** null on a country's row. */
  city: string | null;
}

export interface ReportDto {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  granularity: ReportGranularity;
  current: ReportFiguresDto;
  previous: ReportFiguresDto;
  buckets: ReportBucketDto[];
  top: { products: ReportTopListDto; sizes: ReportTopListDto; colors: ReportTopListDto; categories: ReportTopListDto };
  places: { countries: ReportPlaceRowDto[]; cities: ReportPlaceRowDto[] };
}
