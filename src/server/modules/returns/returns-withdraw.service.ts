// The shopper withdraws a return or exchange request (decision 235 addendum) while nothing has reached the shop
// (requested or approved): the owner, the guest with the order's guest id, or staff, like the request itself. One
// guarded move (409 once the shop received the parcel, or it was refused, withdrawn or closed; nothing written),
// the order's history row, an exchange's held units back to stock and the shopper's e-mail, in one transaction. The
// lines may then be asked for again within the window.
import type { ReturnRequestDto } from '#shared/dto/returns';
import { returnMessages } from '#shared/messages/returns';
import { WITHDRAWABLE } from '#shared/returns';
import type { WithdrawReturnInput } from '#shared/schemas/returns';
import type { AppDeps } from '#server/deps';
import { AppError, notFound } from '#server/errors';
import type { Actor } from '../accounts';
import { orderForCaller, recordOrderEvent } from '../orders';
import { notifyMailQueued, queueReturnStepMail } from '../outbox';
import * as q from './returns.queries';
import { getReturn, releaseReservations } from './returns-staff.service';
import { mailLines } from './returns-shapes';

type Deps = Pick<AppDeps, 'db' | 'config'>;
const r = returnMessages.refused;

export async function withdrawReturn(
  deps: Deps,
  input: WithdrawReturnInput,
  actor: Actor | null,
  clientIp: string,
  now: Date = new Date(),
): Promise<ReturnRequestDto> {
  const order = await orderForCaller(deps, input, actor, clientIp);
  const id = input.returnRequestId;
  const request = await q.requestById(deps.db, id);
  if (!request || request.order_id !== order.orderId) throw notFound(r.notThisOrder);
  const at = now.toISOString();
  const { dto } = await deps.db.transaction().execute(async (trx) => {
    if ((await q.moveRequest(trx, id, WITHDRAWABLE, { state: 'withdrawn', updated_at: at })) === 0)
      throw new AppError('CONFLICT', r.notWithdrawable);
    await recordOrderEvent(trx, order.orderId, 'return_withdrawn', at, actor?.userId ?? null, `#${id}`);
    const stock = await releaseReservations(trx, id, order.orderId, actor);
    const dto = await getReturn(trx, id);
    const facts = { step: 'withdrawn', orderNumber: order.orderNumber, kind: dto.kind, lines: mailLines(dto) } as const;
    await queueReturnStepMail(trx, deps.config, order, facts);
    return { dto, stock };
  });
  notifyMailQueued();
  return dto;
}
