// The dashboard overview: SQL aggregates over orders and stock. Money in euros; days are shop-time dates.
import type { OrderOutcomesDto } from './reports';
import type { ReturnFiguresDto } from './returns';

export interface OverviewDayDto {
  date: string;
  orders: number;
  revenue: number;
}
export interface BestSellerDto {
  productID: number | null;
  productName: string;
  quantity: number;
  revenue: number;
  imageURL: string | null;
}
export interface LowStockDto {
  variantID: number;
  productID: number;
  productName: string;
  sizeName: string;
  colorName: string;
  hexCode: string;
  stockQuantity: number;
}

export interface OverviewDto {
  today: string;
  todayOrders: number;
  todayRevenue: number;
  monthOrders: number;
  monthRevenue: number;
  pendingOrders: number;
  /**
   * How the orders placed in the chart's 30 days ended, counted and rated as the reports count them for the same days
   * (issue 35): cancelRate = cancelled / placed, refusalRate = returned (refused at the door or returned) / shipped,
   * in percent with one decimal.
   */
  outcomes: OrderOutcomesDto;
  /** The last 30 days, oldest first, days without orders as 0. */
  days: OverviewDayDto[];
  bestSellers: BestSellerDto[];
  lowStock: LowStockDto[];
  /** The chart's 30 days: refunds recorded (revenues above are net of them), return rate, top reasons (decision 235). */
  returns: ReturnFiguresDto;
}
