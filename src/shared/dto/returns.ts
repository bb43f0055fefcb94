// Returns and exchanges answers (decision 235), identical over tRPC and REST; money in euros.
import type { RefundMethod, ReturnKind, ReturnReason, ReturnState } from '../returns';

export interface ReturnLineDto {
  orderDetailsId: number;
  productName: string;
  size: string;
  color: string;
  quantity: number;
  /** The units' paid value (their share of the order's discount taken off). */
  paid: number;
  /** For an exchange: the wanted variant, its size and colour, and whether a unit is still held for it. */
  exchangeVariantId: number | null;
  exchangeSize: string | null;
  exchangeColor: string | null;
  reserved: boolean;
}

export interface ReturnRequestDto {
  returnRequestId: number;
  orderId: number;
  orderNumber: string;
  kind: ReturnKind;
  reason: ReturnReason;
  comment: string;
  state: ReturnState;
  createdAt: string;
  updatedAt: string;
  refusalReason: string | null;
  refundMethod: RefundMethod | null;
  refund: number | null;
  exchangeOrderId: number | null;
  lines: ReturnLineDto[];
  /** The cap of a refund: the lines' paid value. */
  paidTotal: number;
}

/** A staff list row: the request with the customer's name. */
export interface ReturnSummaryDto extends ReturnRequestDto {
  customerName: string;
}

/** A variant the shopper may ask for instead (same product, another size or colour). */
export interface ExchangeChoiceDto {
  productVariantId: number;
  size: string;
  color: string;
  inStock: boolean;
}

/** One order line as the request form offers it. */
export interface ReturnableLineDto {
  orderDetailsId: number;
  productName: string;
  size: string;
  color: string;
  imageUrl: string;
  bought: number;
  /** Units already in an earlier request that was not refused. */
  alreadyAsked: number;
  /** Units that may still be asked for (0: nothing left on this line). */
  returnable: number;
  choices: ExchangeChoiceDto[];
}

/** The order page's return panel: whether the shopper may ask now, until when, what, and the earlier requests. */
export interface ReturnOptionsDto {
  orderId: number;
  /** The window's end (ISO), null when the order was not delivered. */
  deadline: string | null;
  windowDays: number;
  canAsk: boolean;
  lines: ReturnableLineDto[];
  requests: ReturnRequestDto[];
}

/** What the policy page states (RETURN_WINDOW_DAYS, the return address). */
export interface ReturnPolicyDto {
  windowDays: number;
  address: string;
  instructions: string;
}

/** The overview's returns figures over its period (decision 235). */
export interface ReturnFiguresDto {
  refunds: number;
  /** Returned units over delivered units sold in the period, in percent (one decimal). */
  returnRate: number;
  topReasons: Array<{ productName: string; size: string; reason: ReturnReason; units: number }>;
}
