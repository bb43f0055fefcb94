// The dashboard overview: SQL aggregates over orders and stock. Money in euros; days are shop-time dates.
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
  /** Of the orders placed in the chart's 30 days (chartOrdersPlaced, closed ones included), how many were cancelled or returned. */
  refusedOrders: number;
  chartOrdersPlaced: number;
  /** refusedOrders / chartOrdersPlaced in percent, one decimal (0 when no orders). */
  refusalRate: number;
  /** The last 30 days, oldest first, days without orders as 0. */
  days: OverviewDayDto[];
  bestSellers: BestSellerDto[];
  lowStock: LowStockDto[];
  /** The chart's 30 days: refunds recorded (revenues above are net of them), return rate, top reasons (decision 235). */
  returns: ReturnFiguresDto;
}
