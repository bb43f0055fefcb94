// What the checkout's edit of a pending order (decision 229) asks of the orders module, inside its transaction.
import type { DB } from '#server/db/client';
import { staffMessages } from '#shared/messages-staff';
import { AppError, notFound } from '#server/errors';
import type { Actor } from '../accounts';
import * as q from './order-edits.queries';
import { orderLines } from './order-records.queries';
import { insertOrderEvent, orderState } from './orders.queries';

export type { EditedTotals } from './order-edits.queries';

/**
 * The order's facts and lines once it is claimed for an edit; 404 when missing, 409 when it has shipped, been
 * delivered, cancelled or returned.
 */
export async function claimOrderForEdit(trx: DB, id: number) {
  if (!(await q.claimEditable(trx, id))) {
    if (!(await orderState(trx, id))) throw notFound(staffMessages.dashboard.orderNotFound);
    throw new AppError('CONFLICT', staffMessages.orderStages.editNotAllowed);
  }
  return { order: await q.editedOrderFacts(trx, id), lines: await orderLines(trx, id) };
}

/** Writes the edited lines, totals and address, and the edit into the order's history (who, when, what). */
export async function saveOrderEdit(
  trx: DB,
  id: number,
  edit: { lines: Parameters<typeof q.replaceVariantLines>[2]; totals: q.EditedTotals; detail: string },
  actor: Actor | null,
  at: string,
): Promise<void> {
  await q.replaceVariantLines(trx, id, edit.lines);
  await q.rewriteOrder(trx, id, edit.totals);
  await insertOrderEvent(trx, id, 'edited', at, actor?.userId ?? null, edit.detail);
}
