// Store credit (issue 37, decision 271): a customer's balance is the sum of her ledger rows, never a stored number.
// addCreditEntry writes one row inside the caller's transaction (a return's refund, staff's adjustment, later a
// checkout's hold and release) after locking the customer's credit, and refuses a spend or removal that would take the
// balance below zero (409, nothing written). Staff add or remove credit with a note, audited on the customer's account.
import type { CustomerCreditDto, CreditEntryDto, MyCreditDto } from '#shared/dto/store-credit';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { centsToEuros, eurosToCents, formatCents } from '#shared/money';
import { orderNumberOf } from '#shared/order-number';
import { pageWindow } from '#shared/schemas/paging';
import type { AdjustCreditInput, CustomerCreditInput, MyCreditInput } from '#shared/schemas/store-credit';
import { CREDIT_PAGE_SIZE, type CreditReason } from '#shared/store-credit';
import type { DB } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { AppError, notFound } from '#server/errors';
import { contactDetails, displayNames, type Actor } from '../accounts';
import { recordAudit } from '../audit';
import * as q from './store-credit.queries';

type Deps = Pick<AppDeps, 'db'>;
const s = staffMessages.storeCredit;

/** One row to write: cents signed (+ credit, - spend), why, and what it belongs to. */
export interface CreditEntry {
  userId: number;
  amountCents: number;
  reason: CreditReason;
  orderId?: number | null;
  returnRequestId?: number | null;
  staffUserId?: number | null;
  note?: string;
}

/** The customer's balance in cents: the sum of her rows. */
export const creditBalance = (db: DB, userId: number): Promise<number> => q.balanceCents(db, userId);

/**
 * Writes one row with `trx` (the caller's transaction) and answers the balance after it, in cents. A negative amount
 * that would take the balance below zero is refused with 409 (field `amount`, `details.balance` in euros).
 */
export async function addCreditEntry(trx: DB, entry: CreditEntry, now: Date = new Date()): Promise<number> {
  if (!Number.isInteger(entry.amountCents) || entry.amountCents === 0)
    throw new Error(`addCreditEntry: amount must be a non-zero integer of cents, got ${entry.amountCents}`);
  await q.lockCustomerCredit(trx, entry.userId);
  const before = await q.balanceCents(trx, entry.userId);
  if (before + entry.amountCents < 0) {
    const message = fill(s.belowZero, { amount: formatCents(before) });
    throw new AppError('CONFLICT', message, { amount: [message] }, { balance: centsToEuros(before) });
  }
  await q.insertEntry(trx, {
    user_id: entry.userId,
    amount_cents: entry.amountCents,
    reason: entry.reason,
    order_id: entry.orderId ?? null,
    return_request_id: entry.returnRequestId ?? null,
    staff_user_id: entry.staffUserId ?? null,
    note: entry.note ?? '',
    created_at: now.toISOString(),
  });
  return before + entry.amountCents;
}

/**
 * The customer's balance in cents with her credit locked until `trx` ends (checkout prices the credit it uses with
 * this, under the same lock its spend row is written with: decision 273).
 */
export async function lockedCreditBalance(trx: DB, userId: number): Promise<number> {
  await q.lockCustomerCredit(trx, userId);
  return q.balanceCents(trx, userId);
}

/**
 * Gives back what an order's checkout spent (one 'order_release' row, the same order), in the caller's transaction:
 * only when the order has a spend and no release yet, so a second call writes nothing. Answers the cents given back.
 */
export async function releaseOrderCredit(trx: DB, orderId: number, now: Date = new Date()): Promise<number> {
  const rows = await q.orderEntries(trx, orderId);
  const spends = rows.filter((r) => r.reason === 'order_spend');
  if (spends.length === 0 || rows.some((r) => r.reason === 'order_release')) return 0;
  const cents = -spends.reduce((n, r) => n + r.amount_cents, 0);
  if (cents <= 0) return 0;
  await addCreditEntry(trx, { userId: spends[0]!.user_id, amountCents: cents, reason: 'order_release', orderId }, now);
  return cents;
}

const entryDto = (r: q.CreditRow): CreditEntryDto => ({
  entryId: r.entry_id,
  amount: centsToEuros(r.amount_cents),
  reason: r.reason,
  orderId: r.order_id,
  orderNumber: r.order_id === null ? null : orderNumberOf(r.order_id),
  returnRequestId: r.return_request_id,
  createdAt: r.created_at,
});

/** The balance and one page of the history, newest first (the shopper's view: no notes, no staff). */
export async function creditHistory(db: DB, userId: number, paging: MyCreditInput = {}): Promise<MyCreditDto> {
  const { page, pageSize, limit, offset } = pageWindow(paging, CREDIT_PAGE_SIZE);
  const { rows, total } = await q.pageEntries(db, userId, limit, offset);
  const balance = centsToEuros(await q.balanceCents(db, userId));
  return { balance, items: rows.map(entryDto), total, page, pageSize };
}

/** /profile's "Kredia në dyqan": the caller's own balance and history. */
export const myCredit = (deps: Deps, actor: Actor, input: MyCreditInput): Promise<MyCreditDto> =>
  creditHistory(deps.db, actor.userId, input);

/** The customers screen: an account's balance and history with each row's note and staff member. */
export async function customerCredit(deps: Deps, input: CustomerCreditInput): Promise<CustomerCreditDto> {
  if (!(await contactDetails(deps, input.userId))) throw notFound(s.userNotFound);
  const { page, pageSize, limit, offset } = pageWindow(input, CREDIT_PAGE_SIZE);
  const { rows, total } = await q.pageEntries(deps.db, input.userId, limit, offset);
  const names = await displayNames(
    deps,
    rows.flatMap((r) => (r.staff_user_id === null ? [] : [r.staff_user_id])),
  );
  const items = rows.map((r) => ({
    ...entryDto(r),
    note: r.note,
    staffUserId: r.staff_user_id,
    staffName: r.staff_user_id === null ? null : (names.get(r.staff_user_id) ?? null),
  }));
  const balance = centsToEuros(await q.balanceCents(deps.db, input.userId));
  return { userId: input.userId, balance, items, total, page, pageSize };
}

/** Staff add or remove credit with a note: the row and its audit row in one transaction; the account's credit after. */
export async function adjustCredit(deps: Deps, input: AdjustCreditInput, actor: Actor): Promise<CustomerCreditDto> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await contactDetails({ db: trx }, input.userId))) throw notFound(s.userNotFound);
    await q.lockCustomerCredit(trx, input.userId);
    const before = await q.balanceCents(trx, input.userId);
    const cents = eurosToCents(input.amount) * (input.action === 'remove' ? -1 : 1);
    const after = await addCreditEntry(trx, {
      userId: input.userId,
      amountCents: cents,
      reason: 'staff_adjustment',
      staffUserId: actor.userId,
      note: input.note,
    });
    await recordAudit(trx, {
      entity: 'user',
      entityId: input.userId,
      action: `store-credit-${input.action}`,
      before: { store_credit_cents: before },
      after: { store_credit_cents: after, note: input.note },
    });
  });
  return customerCredit(deps, { userId: input.userId });
}

/** Store credit that paid for live orders placed in [fromIso, toIso), cents (the reports' "paid with credit"). */
export const creditSpentOnOrders = (deps: Pick<AppDeps, 'db'>, fromIso: string, toIso: string) =>
  q.creditSpentInRange(deps.db, fromIso, toIso);
