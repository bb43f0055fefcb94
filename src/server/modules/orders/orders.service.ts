// Dashboard order rules: lists, details with history, the pending <-> delivered toggle, cancel and return (stock back
// exactly once), and deletion that returns a live pending order's stock.
import { callingCodeOf, formatPhone, phoneSearchWords } from '#shared/phone';
import { staffMessages } from '#shared/messages-staff';
import { centsToEuros } from '#shared/money';
import type {
  OrderDto,
  OrderHistoryEntryDto,
  OrderLineDto,
  OrderNoteDto,
  OrderStatus,
  OrderSummaryDto,
  PrintOrdersDto,
} from '#shared/dto/orders';
import { DEFAULT_SHOP_SENDER } from '#server/config';
import type { OrderOutcome } from '#server/db/schema';
import { ORDER_STATES, type ListOrdersInput } from '#shared/schemas/orders';
import { LIST_CAP, PAGE_SIZE_DEFAULT, pageWindow, searchWords, type Page } from '#shared/schemas/paging';
import { orderMessages } from '#shared/messages/orders';
import { foldText } from '#shared/text';
import type { AppDeps } from '#server/deps';
import { AppError, notFound } from '#server/errors';
import { audited } from '../audit';
import { addStock, countryNames, type StockContext } from '../catalog';
import { queueOrderCancelledMail, queueOrderDeliveredMail, notifyMailQueued } from '../outbox';
import { displayNames, type Actor } from '../accounts';
import { releaseOrderCredit } from '../store-credit';
import { releaseOrderGiftCard, voidOrderCards } from '../gift-cards';
import { issueOrderGiftCards } from './order-gift-cards';
import { loadConfirmation, orderLineRows, shipmentOf, shownStatus } from './order-records.service';
import * as q from './orders.queries';
import { NO_RISK, risksOf, settleForRisk, type OrderRisk } from './order-risk.service';

type Deps = Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'config'>>;
const orderNotFound = () => notFound(staffMessages.dashboard.orderNotFound);
const lc = staffMessages.orderLifecycle;

/** An order row with its country's live name, for orders that predate the frozen name (asked of the catalogue). */
type ShownOrderRow = q.OrderRow & { current_country_name?: string };

/** The rows with the live country name where the frozen one is empty: one question to the catalogue per list. */
export async function withCountryNames(deps: Deps, rows: q.OrderRow[]): Promise<ShownOrderRow[]> {
  const unnamed = rows.filter((r) => !r.country_name && r.country_id !== null).map((r) => r.country_id!);
  if (unnamed.length === 0) return rows;
  const names = await countryNames(deps, unnamed);
  return rows.map((r) => ({ ...r, current_country_name: r.country_id === null ? undefined : names.get(r.country_id) }));
}

function toSummary(r: ShownOrderRow, risk: OrderRisk = NO_RISK): OrderSummaryDto {
  return {
    orderId: r.order_id,
    orderDate: r.order_date,
    orderShipDate: r.order_ship_date,
    status: shownStatus(r),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phoneNumber: formatPhone(r.phone_number, callingCodeOf(r.country_name || r.current_country_name)),
    address: r.address,
    city: r.city,
    zipCode: r.zip_code,
    countryID: r.country_id,
    // The name frozen on the order; the live name when the order predates that column being filled.
    countryName: r.country_name || r.current_country_name || '',
    subtotal: centsToEuros(r.subtotal_cents),
    discount: centsToEuros(r.discount_cents),
    shippingCost: centsToEuros(r.shipping_cost_cents),
    total: centsToEuros(r.total_cents),
    promoCode: r.promo_code,
    promoPercentage: r.promo_percentage,
    promoAmount: r.promo_amount_cents === null ? null : centsToEuros(r.promo_amount_cents),
    storeCreditAmount: centsToEuros(r.store_credit_cents),
    giftCardAmount: centsToEuros(r.gift_card_cents),
    lookDiscount: centsToEuros(r.look_discount_cents),
    depositAmount: centsToEuros(r.deposit_cents),
    itemCount: Number(r.item_count ?? 0),
    userId: r.user_id,
    guestId: r.guest_id,
    createdByUserId: r.created_by_user_id,
    closedAt: r.closed_at,
    ...shipmentOf(r),
    callAttempts: Number(r.call_attempts),
    confirmedAt: r.confirmed_at,
    shippedAt: r.shipped_at,
    ...risk,
    heldAt: r.held_at,
  };
}

/** The rows as summaries with their buyers' refusal risk (three queries for the whole page, decision 272). */
async function summaries(deps: Deps, rows: q.OrderRow[]): Promise<OrderSummaryDto[]> {
  const risks = await risksOf(deps.db, rows);
  return (await withCountryNames(deps, rows)).map((r) => toSummary(r, risks.get(r.order_id)));
}

/** The states whose Albanian label contains a search word ("pritje" -> pending), compared without case or diacritics. */
function statesMatching(word: string): OrderStatus[] {
  const folded = foldText(word);
  return ORDER_STATES.filter((st) => foldText(orderMessages.orderStatus[st]).includes(folded));
}

/** One page of an order list with the number of matching orders (decision 134). */
export async function pageOrders(
  deps: Deps,
  input: ListOrdersInput,
  fallbackSize = PAGE_SIZE_DEFAULT,
): Promise<Page<OrderSummaryDto>> {
  const { page, pageSize, limit, offset } = pageWindow(input, fallbackSize);
  // A phone however it is typed is one word: its digits as stored phones hold them (decision 246).
  const words = phoneSearchWords(input.q) ?? searchWords(input.q);
  await settleForRisk(deps.db);
  const { rows, total } = await q.pageOrders(
    deps.db,
    { status: input.status, stage: input.stage, words, statesByWord: words.map(statesMatching) },
    limit,
    offset,
  );
  return { items: await summaries(deps, rows), total, page, pageSize };
}

/** The spec's array shape: one page, at most LIST_CAP orders when no page size is asked for. */
export async function listOrders(deps: Deps, input: ListOrdersInput): Promise<Page<OrderSummaryDto>> {
  return pageOrders(deps, input, LIST_CAP);
}

export async function getOrder(deps: Deps, id: number): Promise<OrderDto> {
  await settleForRisk(deps.db);
  const found = await q.findOrder(deps.db, id);
  if (!found) throw orderNotFound();
  const [summary] = await summaries(deps, [found]);
  const lines = await orderLineRows(deps, id);
  const orderDetails: OrderLineDto[] = lines.map((l) => ({
    orderDetailsId: l.order_details_id,
    productID: l.product_id,
    productVariantId: l.variant_id,
    imageUrl: l.image_url,
    productName: l.product_name,
    color: l.color,
    size: l.size,
    quantity: l.quantity,
    price: centsToEuros(l.unit_price_cents),
    lineTotal: centsToEuros(l.line_total_cents),
  }));
  const { history, notes } = await orderHistory(deps, found);
  return { ...summary!, orderDetails, history, notes };
}

/**
 * The print view's orders (delivery slips, packing list) in the order asked for, ids no longer there left out, and
 * the shop's sender block from the configuration (SHOP_NAME, SHOP_ADDRESS, SHOP_PHONE; decision 221).
 */
export async function printOrders(deps: Deps, ids: number[]): Promise<PrintOrdersDto> {
  const orders: OrderDto[] = [];
  for (const id of ids) {
    if (await q.findOrder(deps.db, id)) orders.push(await getOrder(deps, id));
  }
  const { name, address, phone } = deps.config?.shop ?? DEFAULT_SHOP_SENDER;
  return { sender: { name, address, phone }, orders };
}

/**
 * 'created' from the order row itself (orders placed before the history existed get it too), then every change; and
 * the staff's notes (staff only: the shopper's answers never read them).
 */
async function orderHistory(
  deps: Deps,
  row: q.OrderRow,
): Promise<{ history: OrderHistoryEntryDto[]; notes: OrderNoteDto[] }> {
  const events = await q.orderEvents(deps.db, row.order_id);
  const noteRows = await q.orderNotes(deps.db, row.order_id);
  const ids = [row.created_by_user_id, ...events.map((e) => e.user_id), ...noteRows.map((n) => n.user_id)].filter(
    (id) => id !== null,
  );
  const names = await displayNames(deps, ids);
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  const created: OrderHistoryEntryDto = {
    state: 'created',
    at: row.order_date,
    userId: row.created_by_user_id,
    userName: nameOf(row.created_by_user_id),
    detail: null,
  };
  const history = [
    created,
    ...events.map((e) => ({
      state: e.state,
      at: e.at,
      userId: e.user_id,
      userName: nameOf(e.user_id),
      detail: e.detail,
    })),
  ];
  const notes = noteRows.map((n) => ({
    noteId: n.order_note_id,
    at: n.at,
    userId: n.user_id,
    userName: nameOf(n.user_id),
    body: n.body,
  }));
  return { history, notes };
}

/**
 * PUT /api/Orders/UpdateStatus/{id}: pending -> delivered (ship date now) or delivered -> pending (ship date
 * cleared), kept in the order's history. A cancelled or returned order is closed: 409.
 */
/** What the audit trail records of an order (decision 228): its fields, and one field per line (its quantity; the totals carry the money). */
export async function orderAuditState(db: Deps['db'], id: number) {
  const row = await q.orderAuditRow(db, id);
  if (!row) return null;
  const lines = await q.orderAuditLines(db, id);
  const entries = lines.map((l) => [`line[${l.product_name} / ${l.size} / ${l.color}]`, l.quantity]);
  return { ...row, ...Object.fromEntries(entries) };
}

export async function toggleOrderStatus(
  deps: Deps,
  id: number,
  actor: Actor | null = null,
  now: Date = new Date(),
): Promise<OrderDto> {
  const at = now.toISOString();
  await audited(deps.db, { entity: 'order', action: 'status', entityId: id }, orderAuditState, async (trx) => {
    const row = await q.toggleStatus(trx, id, at);
    if (!row) {
      if (!(await q.orderState(trx, id))) throw orderNotFound();
      throw new AppError('CONFLICT', lc.closedNoToggle);
    }
    await q.insertOrderEvent(trx, id, row.status, at, actor?.userId ?? null);
    // "Dorëzuar" thanks the shopper, in the same transaction as the change (decisions 170, 248).
    if (row.status === 'delivered') {
      const order = await loadConfirmation({ db: trx }, id);
      await queueOrderDeliveredMail(trx, deps.config, order);
      // Delivered is paid: the gift cards it bought are issued and e-mailed, once per unit (decision 274).
      const c = order.customerDetails;
      const buyerName = `${c.firstName} ${c.lastName}`.trim();
      await issueOrderGiftCards(trx, deps.config, { orderId: id, buyerName, buyerEmail: c.email }, now);
    }
  });
  notifyMailQueued();
  return getOrder(deps, id);
}

const TRANSITIONS = {
  cancelled: { from: 'pending', refused: lc.onlyPendingCancel },
  returned: { from: 'delivered', refused: lc.onlyDeliveredReturn },
} as const;

/**
 * PUT /api/Orders/{id}/Cancel (pending -> cancelled) and /Return (delivered -> returned): in one transaction the
 * order is closed with a guarded update (who and when), its units go back to their variants (those that still
 * exist), the store credit its checkout spent goes back (decision 273) and the change is kept in its history. The guard makes the stock come back exactly once, however many
 * requests race; the order is then closed for good (no toggle, no second close: 409).
 */
export async function closeOrder(
  deps: Deps,
  id: number,
  outcome: OrderOutcome,
  actor: Actor | null,
  now: Date = new Date(),
): Promise<OrderDto> {
  const at = now.toISOString();
  const { from, refused } = TRANSITIONS[outcome];
  const action = outcome === 'cancelled' ? 'cancel' : 'return';
  await audited(deps.db, { entity: 'order', action, entityId: id }, orderAuditState, async (trx) => {
    if ((await q.closeOrder(trx, id, from, outcome, at, actor?.userId ?? null)) === 0) {
      if (!(await q.orderState(trx, id))) throw orderNotFound();
      throw new AppError('CONFLICT', refused);
    }
    const units = await restock(trx, id, {
      reason: outcome === 'cancelled' ? 'cancellation' : 'return',
      actorId: actor?.userId ?? null,
      orderId: id,
    });
    await q.insertOrderEvent(trx, id, outcome, at, actor?.userId ?? null);
    // Store credit the checkout spent goes back to the shopper, once (decision 273): cancelled or refused at the door.
    await releaseOrderCredit(trx, id, now);
    await releaseOrderGiftCard(trx, id, now); // and what a gift card paid goes back to the card (decision 274)
    if (outcome === 'returned') await voidOrderCards(trx, id, now); // refused: the cards it bought were not paid
    // A cancellation tells the shopper, in the same transaction (decision 170); a return was refused at the door.
    if (outcome === 'cancelled')
      await queueOrderCancelledMail(trx, deps.config, await loadConfirmation({ db: trx }, id));
    return units;
  });
  if (outcome === 'cancelled') notifyMailQueued();
  return getOrder(deps, id);
}

export const cancelOrder = (deps: Deps, id: number, actor: Actor | null, now?: Date) =>
  closeOrder(deps, id, 'cancelled', actor, now);
export const returnOrder = (deps: Deps, id: number, actor: Actor | null, now?: Date) =>
  closeOrder(deps, id, 'returned', actor, now);

/** Gives an order's units back to their variants (summed per variant; lines of deleted variants are skipped). */
async function restock(trx: Deps['db'], orderId: number, ctx: StockContext): Promise<number> {
  let units = 0;
  for (const line of await q.lineQuantitiesByVariant(trx, orderId)) {
    if (line.variant_id == null) continue;
    const qty = Number(line.qty);
    if ((await addStock(trx, line.variant_id, qty, ctx)) > 0) units += qty;
  }
  return units;
}

/**
 * Deletes an order in one transaction. A live pending order's units were taken from stock at checkout and never
 * shipped, so they go back to their variants (when the variant still exists); a delivered order's do not, and a
 * cancelled or returned order's already did.
 */
export async function deleteOrder(
  deps: Deps,
  id: number,
  actor: Actor | null = null,
): Promise<{ orderId: number; restockedUnits: number }> {
  const restocked = await audited(
    deps.db,
    { entity: 'order', action: 'delete', entityId: id },
    orderAuditState,
    async (trx) => {
      const state = await q.orderState(trx, id);
      if (!state) throw orderNotFound();
      const ctx: StockContext = { reason: 'order_deleted', actorId: actor?.userId ?? null, orderId: id };
      const live = state.status === 'pending' && state.closed_as === null;
      const units = live ? await restock(trx, id, ctx) : 0;
      if (live) await releaseOrderCredit(trx, id); // nothing was paid: her credit comes back (decision 273)
      if (live) await releaseOrderGiftCard(trx, id); // and the gift card's part (decision 274)
      await q.deleteOrder(trx, id);
      return units;
    },
  );
  return { orderId: id, restockedUnits: restocked };
}
