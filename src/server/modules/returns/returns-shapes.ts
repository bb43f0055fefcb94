// The answers of the returns module (decision 235): a request with its lines named (the order lines' snapshots and
// the wanted variants' size and colour), and the paid value of returned units.
import type { ReturnLineDto, ReturnRequestDto } from '#shared/dto/returns';
import { centsToEuros } from '#shared/money';
import { orderNumberOf } from '#shared/order-number';
import type { DB } from '#server/db/client';
import { variantSnapshots } from '../catalog';
import { orderLinesByIds, ordersWithAccount } from '../orders';
import * as q from './returns.queries';

/**
 * What `qty` units of a line were paid: their share of the line's total, less their share of the order's discount
 * (a promo code on the whole order), rounded down so a refund never exceeds what was paid.
 */
export function paidCents(
  line: { line_total_cents: number; quantity: number },
  qty: number,
  order: { subtotal_cents: number; discount_cents: number },
): number {
  if (line.quantity <= 0 || order.subtotal_cents <= 0) return 0;
  const net = Math.max(0, order.subtotal_cents - order.discount_cents);
  return Math.floor((line.line_total_cents * qty * net) / (line.quantity * order.subtotal_cents));
}

/** The requests with their lines, in the order given. */
export async function requestDtos(db: DB, rows: q.RequestRow[]): Promise<ReturnRequestDto[]> {
  const lines = await q.linesOfRequests(
    db,
    rows.map((r) => r.return_request_id),
  );
  const orderLines = new Map(
    (await orderLinesByIds(db, [...new Set(lines.map((l) => l.order_details_id))])).map((l) => [l.id, l]),
  );
  const wanted = await variantSnapshots(
    { db },
    lines.flatMap((l) => (l.exchange_variant_id === null ? [] : [l.exchange_variant_id])),
  );
  const withAccount = await ordersWithAccount(
    db,
    rows.map((r) => r.order_id),
  );
  return rows.map((r) => {
    const own: ReturnLineDto[] = lines
      .filter((l) => l.return_request_id === r.return_request_id)
      .map((l) => {
        const o = orderLines.get(l.order_details_id);
        const w = l.exchange_variant_id === null ? undefined : wanted.get(l.exchange_variant_id);
        return {
          orderDetailsId: l.order_details_id,
          productName: o?.productName ?? '',
          size: o?.size ?? '',
          color: o?.color ?? '',
          quantity: l.quantity,
          paid: centsToEuros(l.paid_cents),
          exchangeVariantId: l.exchange_variant_id,
          exchangeSize: w?.size ?? null,
          exchangeColor: w?.color ?? null,
          reserved: Number(l.reserved) === 1,
        };
      });
    const paidTotal = lines
      .filter((l) => l.return_request_id === r.return_request_id)
      .reduce((n, l) => n + l.paid_cents, 0);
    return {
      returnRequestId: r.return_request_id,
      orderId: r.order_id,
      orderNumber: orderNumberOf(r.order_id),
      kind: r.kind,
      reason: r.reason,
      comment: r.comment,
      state: r.state,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      refusalReason: r.refusal_reason,
      refundMethod: r.refund_method,
      refund: r.refund_cents === null ? null : centsToEuros(r.refund_cents),
      exchangeOrderId: r.exchange_order_id,
      lines: own,
      paidTotal: centsToEuros(paidTotal),
      guestOrder: !withAccount.has(r.order_id),
    };
  });
}

/** "2 × Fustan liri (M, E kuqe)" lines of an e-mail. */
export const mailLines = (dto: ReturnRequestDto): string[] =>
  dto.lines.map((l) => `${l.quantity} × ${l.productName} (${[l.size, l.color].filter(Boolean).join(', ')})`);
