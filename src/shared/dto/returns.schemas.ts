// Answer schemas of the returns DTOs (returns.ts), each the interface's twin, for /api/openapi.json (decision 211).
import { z } from 'zod';
import type { Page } from '../schemas/paging';
import { REFUND_METHODS, RETURN_KINDS, RETURN_REASONS, RETURN_STATES } from '../returns';
import type { ReturnLineDto, ReturnRequestDto, ReturnSummaryDto } from './returns';
import { twin } from './twin';

export const ReturnLineReply = twin<ReturnLineDto>()(
  z.object({
    orderDetailsId: z.number(),
    productName: z.string(),
    size: z.string(),
    color: z.string(),
    quantity: z.number(),
    paid: z.number(),
    exchangeVariantId: z.number().nullable(),
    exchangeSize: z.string().nullable(),
    exchangeColor: z.string().nullable(),
    reserved: z.boolean(),
  }),
);

const requestFields = {
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
  paidTotal: z.number(),
};

export const ReturnRequestReply = twin<ReturnRequestDto>()(z.object(requestFields));
export const ReturnSummaryReply = twin<ReturnSummaryDto>()(z.object({ ...requestFields, customerName: z.string() }));
export const ReturnPageReply = twin<Page<ReturnSummaryDto>>()(
  z.object({ items: z.array(ReturnSummaryReply), total: z.number(), page: z.number(), pageSize: z.number() }),
);
