// Staff work a return request (decision 235): approve (the return address and instructions are e-mailed), mark
// received (the units go back to stock, exactly once), refuse with a reason (an exchange's reservation is released),
// record the refund (capped at the lines' paid value; as store credit, a ledger row on the order's account, decision
// 271) or send the exchange as a new order. Each step is one guarded move of the request's state (409 from any other
// state, nothing written), its history row on the order, its audit row and the shopper's e-mail, all in one
// transaction.
import type { ReturnRequestDto, ReturnSummaryDto } from '#shared/dto/returns';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { returnMessages } from '#shared/messages/returns';
import { formatCents } from '#shared/money';
import type { ReturnEvent, ReturnState } from '#shared/returns';
import { pageWindow, type Page } from '#shared/schemas/paging';
import type { ListReturnsInput, RefundReturnInput, RefuseReturnInput } from '#shared/schemas/returns';
import type { DB } from '#server/db/client';
import type { ReturnRequestsTable } from '#server/db/schema';
import type { AppDeps } from '#server/deps';
import { AppError, notFound } from '#server/errors';
import type { Updateable } from 'kysely';
import type { Actor } from '../accounts';
import { recordAudit } from '../audit';
import { addStock } from '../catalog';
import { buyerNames, loadConfirmation, orderBuyer, orderLinesByIds, recordOrderEvent } from '../orders';
import { notifyMailQueued, queueReturnStepMail, type ReturnMailFacts } from '../outbox';
import { addCreditEntry } from '../store-credit';
import * as q from './returns.queries';
import { mailLines, requestDtos } from './returns-shapes';
import { returnsConfig } from './returns.service';

type Deps = Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'config'>>;
const s = staffMessages.returns;

/** One page of requests, newest first, with the customer's name from the order. */
export async function listReturns(deps: Deps, input: ListReturnsInput): Promise<Page<ReturnSummaryDto>> {
  const { page, pageSize, limit, offset } = pageWindow(input, 20);
  const { rows, total } = await q.pageRequests(deps.db, input.state, limit, offset);
  const dtos = await requestDtos(deps.db, rows);
  const names = await buyerNames(
    deps.db,
    dtos.map((d) => d.orderId),
  );
  const items: ReturnSummaryDto[] = dtos.map((d) => ({ ...d, customerName: names.get(d.orderId) ?? '' }));
  return { items, total, page, pageSize };
}

/** The order details screen's panel: the order's requests, newest first. */
export async function returnsOfOrder(deps: Deps, orderId: number): Promise<ReturnRequestDto[]> {
  return requestDtos(deps.db, await q.requestsOfOrder(deps.db, orderId));
}

export async function getReturn(db: DB, id: number): Promise<ReturnRequestDto> {
  const row = await q.requestById(db, id);
  if (!row) throw notFound(s.notFound);
  return (await requestDtos(db, [row]))[0]!;
}

export interface Step {
  action: 'approve' | 'receive' | 'refuse' | 'refund' | 'exchange';
  from: readonly ReturnState[];
  to: ReturnState;
  event: ReturnEvent;
  mail: ReturnMailFacts['step'];
}

export const STEPS = {
  approve: { action: 'approve', from: ['requested'], to: 'approved', event: 'return_approved', mail: 'approved' },
  receive: { action: 'receive', from: ['approved'], to: 'received', event: 'return_received', mail: 'received' },
  refuse: {
    action: 'refuse',
    from: ['requested', 'approved'],
    to: 'refused',
    event: 'return_refused',
    mail: 'refused',
  },
  refund: { action: 'refund', from: ['received'], to: 'refunded', event: 'refund_recorded', mail: 'refunded' },
  exchange: { action: 'exchange', from: ['received'], to: 'exchanged', event: 'exchange_sent', mail: 'exchanged' },
} as const satisfies Record<string, Step>;

/**
 * Moves the request (guarded: 409 from another state), writes the order's history row, the audit row and the
 * shopper's e-mail; `extra` fills the step's facts (refund, reason) in the same transaction. The request after it.
 */
export async function applyStep(
  trx: DB,
  deps: Deps,
  id: number,
  step: Step,
  actor: Actor | null,
  set: Updateable<ReturnRequestsTable> = {},
  facts: Partial<ReturnMailFacts> = {},
  now: Date = new Date(),
): Promise<ReturnRequestDto> {
  const before = await getReturn(trx, id);
  const at = now.toISOString();
  if ((await q.moveRequest(trx, id, step.from, { ...set, state: step.to, updated_at: at })) === 0)
    throw new AppError('CONFLICT', s.moveRefused[step.action]);
  const after = await getReturn(trx, id);
  await recordOrderEvent(trx, after.orderId, step.event, at, actor?.userId ?? null, `#${id}`);
  await recordAudit(trx, {
    entity: 'order',
    entityId: after.orderId,
    action: `return-${step.action}`,
    before: { returnRequest: id, returnState: before.state },
    after: { returnRequest: id, returnState: after.state, refund: after.refund, refundMethod: after.refundMethod },
  });
  const order = await loadConfirmation({ db: trx }, after.orderId);
  const base = { step: step.mail, orderNumber: order.orderNumber, kind: after.kind, lines: mailLines(after) } as const;
  await queueReturnStepMail(trx, deps.config, order, { ...base, ...facts });
  return after;
}

/** Gives back the units held for an exchange (each line's flag cleared once: released at most once). */
export async function releaseReservations(trx: DB, id: number, orderId: number, actor: Actor | null): Promise<number> {
  let units = 0;
  for (const h of await q.takeReservations(trx, id)) {
    if (h.exchange_variant_id === null) continue;
    const ctx = { reason: 'exchange' as const, actorId: actor?.userId ?? null, orderId, note: `#${id}` };
    if ((await addStock(trx, h.exchange_variant_id, h.quantity, ctx)) > 0) units += h.quantity;
  }
  return units;
}

/** Runs a step in its own transaction, then wakes the mail worker (a stock move reaches the catalogue by trigger, decision 260). */
async function run(deps: Deps, work: (trx: DB) => Promise<{ dto: ReturnRequestDto; stock: number }>) {
  const { dto } = await deps.db.transaction().execute(work);
  notifyMailQueued();
  return dto;
}

/** "Prano": the shop's return address and instructions go to the shopper. */
export const approveReturn = (deps: Deps, id: number, actor: Actor | null) =>
  run(deps, async (trx) => {
    const { address, instructions } = returnsConfig(deps);
    return { dto: await applyStep(trx, deps, id, STEPS.approve, actor, {}, { address, instructions }), stock: 0 };
  });

/** "Shëno si të marrë": the received units go back to their variants, once (the move's guard). */
export const receiveReturn = (deps: Deps, id: number, actor: Actor | null) =>
  run(deps, async (trx) => {
    const dto = await applyStep(trx, deps, id, STEPS.receive, actor);
    const variants = new Map(
      (
        await orderLinesByIds(
          trx,
          dto.lines.map((l) => l.orderDetailsId),
        )
      ).map((l) => [l.id, l.variantId]),
    );
    let stock = 0;
    const ctx = { reason: 'return' as const, actorId: actor?.userId ?? null, orderId: dto.orderId, note: `#${id}` };
    for (const l of dto.lines) {
      const variantId = variants.get(l.orderDetailsId);
      if (variantId != null && (await addStock(trx, variantId, l.quantity, ctx)) > 0) stock += l.quantity;
    }
    return { dto, stock };
  });

/** "Refuzo": with a reason; an exchange's held units go back. */
export const refuseReturn = (deps: Deps, input: RefuseReturnInput, actor: Actor | null) =>
  run(deps, async (trx) => {
    const set = { refusal_reason: input.reason };
    const moved = await applyStep(trx, deps, input.id, STEPS.refuse, actor, set, { refusalReason: input.reason });
    const stock = await releaseReservations(trx, input.id, moved.orderId, actor);
    return { dto: await getReturn(trx, input.id), stock };
  });

/**
 * The account a refund as store credit goes to: the order's own account. A guest order has none, so store credit is
 * refused for it (422 on the method; decision 271): credit by e-mail alone would reach whoever registers that e-mail.
 */
async function creditAccountOf(trx: DB, orderId: number): Promise<number> {
  const buyer = await orderBuyer(trx, orderId);
  if (buyer?.user_id == null)
    throw new AppError('UNPROCESSABLE_CONTENT', s.refundCreditNeedsAccount, { method: [s.refundCreditNeedsAccount] });
  return buyer.user_id;
}

/** The refund: method and amount, at most the returned lines' paid value (409 above it, nothing written). */
export const refundReturn = (deps: Deps, input: RefundReturnInput, actor: Actor | null) =>
  run(deps, async (trx) => {
    const current = await getReturn(trx, input.id);
    const cents = Math.round(input.amount * 100);
    const cap = Math.round(current.paidTotal * 100);
    if (cents > cap) throw new AppError('CONFLICT', fill(s.refundOverCap, { amount: formatCents(cap) }));
    const creditTo = input.method === 'store_credit' ? await creditAccountOf(trx, current.orderId) : null;
    const facts = { amount: formatCents(cents), method: returnMessages.refundMethods[input.method] };
    const set = { refund_method: input.method, refund_cents: cents };
    const moved = await applyStep(trx, deps, input.id, STEPS.refund, actor, set, facts);
    if (creditTo !== null && cents > 0) {
      const note = `#${input.id}`;
      const entry = { userId: creditTo, amountCents: cents, orderId: moved.orderId, returnRequestId: input.id, note };
      await addCreditEntry(trx, { ...entry, reason: 'return_refund', staffUserId: actor?.userId ?? null });
    }
    // Refunded instead of exchanged: the units held for the exchange go back.
    const stock = await releaseReservations(trx, input.id, moved.orderId, actor);
    return { dto: await getReturn(trx, input.id), stock };
  });
