// The stages staff work a pending cash-on-delivery order through (issue 27, decision 229): new -> confirmed (the
// customer answered the call) -> packed -> shipped (courier and tracking number). "Nuk përgjigjet" counts an
// unanswered call and leaves the order new. Each move is one guarded UPDATE (live pending order at the expected
// stage) plus its history row in one transaction: a move from the wrong stage answers 409 and writes nothing.
// The spec's pending <-> delivered toggle, cancel and return stay as they are (orders.service.ts).
import { staffMessages } from '#shared/messages-staff';
import type { OrderDto, StageCountsDto } from '#shared/dto/orders';
import {
  trackingUrlOf,
  type OrderDepositInput,
  type OrderNoteInput,
  type ShipOrderInput,
} from '#shared/schemas/orders';
import { eurosToCents, formatCents } from '#shared/money';
import { fill } from '#shared/messages';
import type { AppDeps } from '#server/deps';
import type { OrderStage, OrdersTable } from '#server/db/schema';
import { AppError, notFound } from '#server/errors';
import type { Updateable } from 'kysely';
import { notifyMailQueued, queueOrderShippedMail } from '../outbox';
import type { Actor } from '../accounts';
import { audited, recordAudit } from '../audit';
import { courierById } from './couriers.service';
import { loadConfirmation } from './order-records.service';
import { getOrder, orderAuditState } from './orders.service';
import { packNeedsCall, settleForRisk } from './order-risk.service';
import * as q from './orders.queries';

type Deps = Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'config'>>;
const st = staffMessages.orderStages;

interface Move {
  from: OrderStage | null;
  /** The move waits while the order is held for staff (a blocked phone's checkout, decision 272). */
  notHeld?: boolean;
  event: 'confirmed' | 'no_answer' | 'packed' | 'shipped';
  refused: string;
  set: (at: string, userId: number | null) => Updateable<OrdersTable> | 'call_attempt';
}

/** The audit row's action of each move (decision 228). */
const ACTIONS = { confirm: 'confirm', noAnswer: 'no-answer', pack: 'pack' } as const;
const risk = staffMessages.codRisk;

const MOVES = {
  confirm: {
    from: null,
    event: 'confirmed',
    notHeld: true,
    refused: st.onlyNewConfirm,
    set: (at, userId) => ({ stage: 'confirmed', confirmed_at: at, confirmed_by_user_id: userId }),
  },
  noAnswer: { from: null, event: 'no_answer', refused: st.onlyNewNoAnswer, set: () => 'call_attempt' },
  pack: { from: 'confirmed', event: 'packed', refused: st.onlyConfirmedPack, set: () => ({ stage: 'packed' }) },
} as const satisfies Record<string, Move>;

/**
 * Under the deposit rule (decision 277) a confirmed risky order also waits for its deposit: 409 with the rule's
 * reason. A deposit is never taken back, so reading it before the guarded UPDATE cannot let one through wrongly.
 */
async function depositBeforePacking(trx: Deps['db'], id: number): Promise<void> {
  const state = await q.orderState(trx, id);
  if (state?.stage !== 'confirmed' || state.status !== 'pending' || state.closed_as !== null) return;
  const reason = await packNeedsCall(trx, state);
  if (reason) throw new AppError('CONFLICT', reason);
}

/** One guarded move and its history row in the caller's transaction; 404 or 409 (nothing written) when refused. */
async function applyMove(
  trx: Deps['db'],
  id: number,
  move: Move,
  at: string,
  actor: Actor | null,
  set: Updateable<OrdersTable> | 'call_attempt',
  detail: string | null = null,
): Promise<void> {
  if (move.event === 'packed') await depositBeforePacking(trx, id);
  if ((await q.moveStage(trx, id, move.from, set, move.notHeld)) === 0) {
    const state = await q.orderState(trx, id);
    if (!state) throw notFound(staffMessages.dashboard.orderNotFound);
    if (move.notHeld && state.held_at !== null && state.stage === null) throw new AppError('CONFLICT', risk.heldNoMove);
    // The shop's refusal rule names its reason: a risky buyer's order is confirmed by phone before packing.
    const needsCall = move.event === 'packed' && state.status === 'pending' ? await packNeedsCall(trx, state) : null;
    throw new AppError('CONFLICT', needsCall ?? move.refused);
  }
  await q.insertOrderEvent(trx, id, move.event, at, actor?.userId ?? null, detail);
}

/** "Konfirmuar", "Nuk përgjigjet" or "Paketuar" on a live pending order (who and when in its history). */
export async function moveOrderStage(
  deps: Deps,
  id: number,
  step: keyof typeof MOVES,
  actor: Actor | null,
  now: Date = new Date(),
): Promise<OrderDto> {
  const move: Move = MOVES[step];
  const at = now.toISOString();
  // The refusal rule reads the buyers rollup: a refusal recorded a moment ago counts (decision 272).
  if (step === 'pack') await settleForRisk(deps.db);
  await audited(deps.db, { entity: 'order', action: ACTIONS[step], entityId: id }, orderAuditState, (trx) =>
    applyMove(trx, id, move, at, actor, move.set(at, actor?.userId ?? null)),
  );
  return getOrder(deps, id);
}

const SHIP: Move = { from: 'packed', event: 'shipped', refused: st.onlyPackedShip, set: () => ({}) };

/**
 * "Në dërgesë": a packed order leaves with a courier and a tracking number. The courier's name and the tracking link
 * (its URL pattern filled in) are kept on the order, and the shopper's e-mail is queued in the same transaction.
 */
export async function shipOrder(
  deps: Deps,
  input: ShipOrderInput,
  actor: Actor | null,
  now: Date = new Date(),
): Promise<OrderDto> {
  const courier = await courierById(deps, input.courierId);
  if (!courier) throw new AppError('BAD_REQUEST', st.unknownCourier, { courierId: [st.unknownCourier] });
  const at = now.toISOString();
  const set = {
    stage: 'shipped',
    shipped_at: at,
    courier_name: courier.name,
    tracking_number: input.trackingNumber,
    tracking_url: trackingUrlOf(courier.trackingUrlPattern, input.trackingNumber),
  } as const;
  await audited(deps.db, { entity: 'order', action: 'ship', entityId: input.id }, orderAuditState, async (trx) => {
    await applyMove(trx, input.id, SHIP, at, actor, set, `${courier.name} ${input.trackingNumber}`);
    await queueOrderShippedMail(trx, deps.config, await loadConfirmation({ db: trx }, input.id));
  });
  notifyMailQueued();
  return getOrder(deps, input.id);
}

/**
 * Releases an order held for staff (a checkout from a blocked phone, decision 272): staff called the buyer; the
 * order goes on like any new order. 409 when it is not held. Audited, and kept in the order's history.
 */
export async function releaseOrder(
  deps: Deps,
  id: number,
  actor: Actor | null,
  now: Date = new Date(),
): Promise<OrderDto> {
  await audited(deps.db, { entity: 'order', action: 'release', entityId: id }, orderAuditState, async (trx) => {
    if ((await q.releaseHeld(trx, id)) === 0) {
      if (!(await q.orderState(trx, id))) throw notFound(staffMessages.dashboard.orderNotFound);
      throw new AppError('CONFLICT', risk.notHeld);
    }
    await q.insertOrderEvent(trx, id, 'released', now.toISOString(), actor?.userId ?? null, null);
  });
  return getOrder(deps, id);
}

/**
 * Records the deposit received by bank transfer on a live pending order not yet shipped (decision 277): a later
 * record replaces the figure (a typo corrected). Audited with the order's state; "Për t'u paguar" is net of it.
 * 409 when the order is closed, delivered or shipped; 400 (field `amount`) when 0 or above what is left to pay.
 */
export async function recordOrderDeposit(
  deps: Deps,
  input: OrderDepositInput,
  actor: Actor | null,
  now: Date = new Date(),
): Promise<OrderDto> {
  const cents = eurosToCents(input.amount);
  if (cents <= 0) throw new AppError('BAD_REQUEST', risk.depositZero, { amount: [risk.depositZero] });
  await audited(deps.db, { entity: 'order', action: 'deposit', entityId: input.id }, orderAuditState, async (trx) => {
    if ((await q.recordDeposit(trx, input.id, cents, now.toISOString(), actor?.userId ?? null)) > 0) return;
    const state = await q.orderState(trx, input.id);
    if (!state) throw notFound(staffMessages.dashboard.orderNotFound);
    if (state.status !== 'pending' || state.closed_as !== null || state.stage === 'shipped')
      throw new AppError('CONFLICT', risk.depositNotLive);
    const left = formatCents(Math.max(0, state.total_cents - state.store_credit_cents - state.gift_card_cents));
    const tooLarge = fill(risk.depositTooLarge, { amount: left });
    throw new AppError('BAD_REQUEST', tooLarge, { amount: [tooLarge] });
  });
  return getOrder(deps, input.id);
}

/** Live pending orders per stage (the list's count badges). */
export async function stageCounts(deps: Deps): Promise<StageCountsDto> {
  const counts: StageCountsDto = { new: 0, confirmed: 0, packed: 0, shipped: 0 };
  for (const r of await q.stageCounts(deps.db)) counts[r.stage ?? 'new'] += Number(r.n);
  return counts;
}

/** A staff-only note on the order (author and time); any order, whatever its state. */
export async function addOrderNote(
  deps: Deps,
  input: OrderNoteInput,
  actor: Actor | null,
  now: Date = new Date(),
): Promise<OrderDto> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await q.orderState(trx, input.id))) throw notFound(staffMessages.dashboard.orderNotFound);
    await q.insertOrderNote(trx, input.id, actor?.userId ?? null, input.body, now.toISOString());
    // The note's text is the change (staff-only text, no secret).
    await recordAudit(trx, {
      entity: 'order',
      entityId: input.id,
      action: 'note',
      before: null,
      after: { note: input.body },
    });
  });
  return getOrder(deps, input.id);
}
