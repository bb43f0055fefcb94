// Returns and exchanges answers (decision 235), identical over tRPC and REST: one zod schema each, its type inferred
// (decision 264); the schemas document the answers in /api/openapi.json. Money in euros.
import { z } from 'zod';
import { REFUND_METHODS, RETURN_KINDS, RETURN_REASONS, RETURN_STATES } from '../returns';
import type { Page } from '../schemas/paging';

const ReturnLineReply = z.object({
  orderDetailsId: z.number(),
  productName: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number(),
  /** The units' paid value (their share of the order's discount taken off). */
  paid: z.number(),
  /** For an exchange: the wanted variant, its size and colour, and whether a unit is still held for it. */
  exchangeVariantId: z.number().nullable(),
  exchangeSize: z.string().nullable(),
  exchangeColor: z.string().nullable(),
  reserved: z.boolean(),
});
export type ReturnLineDto = z.infer<typeof ReturnLineReply>;

export const ReturnRequestReply = z.object({
  returnRequestId: z.number(),
  orderId: z.number(),
  orderNumber: z.string(),
  kind: z.enum(RETURN_KINDS),
  reason: z.enum(RETURN_REASONS),
  comment: z.string(),
  state: z.enum(RETURN_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
  refusalReason: z.string().nullable(),
  refundMethod: z.enum(REFUND_METHODS).nullable(),
  refund: z.number().nullable(),
  exchangeOrderId: z.number().nullable(),
  lines: z.array(ReturnLineReply),
  /** The cap of a refund: the lines' paid value. */
  paidTotal: z.number(),
  /** The order was placed without an account: no refund as store credit (decision 271; the form hides it, 277). */
  guestOrder: z.boolean(),
});
export type ReturnRequestDto = z.infer<typeof ReturnRequestReply>;

/** A staff list row: the request with the customer's name. */
const ReturnSummaryReply = ReturnRequestReply.extend({ customerName: z.string() });
export type ReturnSummaryDto = z.infer<typeof ReturnSummaryReply>;

export const ReturnPageReply = z.object({
  items: z.array(ReturnSummaryReply),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
}) satisfies z.ZodType<Page<ReturnSummaryDto>>;

/** A variant the shopper may ask for instead (same product, another size or colour). */
const ExchangeChoiceReply = z.object({
  productVariantId: z.number(),
  size: z.string(),
  color: z.string(),
  inStock: z.boolean(),
});
export type ExchangeChoiceDto = z.infer<typeof ExchangeChoiceReply>;

/** One order line as the request form offers it. */
const ReturnableLineReply = z.object({
  orderDetailsId: z.number(),
  productName: z.string(),
  size: z.string(),
  color: z.string(),
  imageUrl: z.string(),
  bought: z.number(),
  /** Units already in an earlier request that was not refused. */
  alreadyAsked: z.number(),
  /** Units that may still be asked for (0: nothing left on this line). */
  returnable: z.number(),
  choices: z.array(ExchangeChoiceReply),
});

/** The order page's return panel: whether the shopper may ask now, until when, what, and the earlier requests. */
export const ReturnOptionsReply = z.object({
  orderId: z.number(),
  /** The window's end (ISO), null when the order was not delivered. */
  deadline: z.string().nullable(),
  windowDays: z.number(),
  canAsk: z.boolean(),
  lines: z.array(ReturnableLineReply),
  requests: z.array(ReturnRequestReply),
});
export type ReturnOptionsDto = z.infer<typeof ReturnOptionsReply>;

/** What the policy page states (RETURN_WINDOW_DAYS, the return address). */
export const ReturnPolicyReply = z.object({ windowDays: z.number(), address: z.string(), instructions: z.string() });
export type ReturnPolicyDto = z.infer<typeof ReturnPolicyReply>;

/** The overview's returns figures over its period (decision 235). */
export const ReturnFiguresReply = z.object({
  refunds: z.number(),
  /** Returned units over delivered units sold in the period, in percent (one decimal). */
  returnRate: z.number(),
  topReasons: z.array(
    z.object({ productName: z.string(), size: z.string(), reason: z.enum(RETURN_REASONS), units: z.number() }),
  ),
});
export type ReturnFiguresDto = z.infer<typeof ReturnFiguresReply>;
