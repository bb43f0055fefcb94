// "Nis ndërrimin" (decision 235): a received exchange goes out as a new order for the same customer, made by the
// staff order builder's own checkout (placeOrder as a manual order) with nothing to pay and no shipping charge. In
// that order's transaction the units held since the request are given back just before the order takes them, and
// after it is written the request moves to exchanged with the new order linked: one transaction, or nothing.
import type { ReturnRequestDto } from '#shared/dto/returns';
import { orderNumberOf } from '#shared/order-number';
import { staffMessages } from '#shared/messages-staff';
import { PlaceOrderInput } from '#shared/schemas/checkout';
import type { DB } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/errors';
import type { Actor } from '../accounts';
import { placeOrder } from '../checkout';
import { loadConfirmation } from '../orders';
import { applyStep, getReturn, releaseReservations, STEPS } from './returns-staff.service';

type Deps = Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'config'>>;
const s = staffMessages.returns;

/** The exchange order's input: the original order's customer and delivery address, the wanted variants. */
async function exchangeOrderInput(deps: Deps, request: ReturnRequestDto): Promise<PlaceOrderInput> {
  const c = (await loadConfirmation(deps, request.orderId)).customerDetails;
  const parsed = PlaceOrderInput.safeParse({
    customerDetails: {
      email: c.email,
      firstName: c.firstName,
      lastName: c.lastName,
      phoneNumber: c.phoneNumber,
      address: c.address,
      city: c.city,
      zipCode: c.zipCode,
      countryID: c.countryID,
    },
    cartItems: request.lines.map((l) => ({ productVariantId: l.exchangeVariantId, quantity: l.quantity })),
  });
  if (!parsed.success || request.lines.some((l) => l.exchangeVariantId === null))
    throw new AppError('CONFLICT', s.exchangeGone);
  return parsed.data;
}

export async function sendExchange(deps: Deps, id: number, actor: Actor): Promise<ReturnRequestDto> {
  const request = await getReturn(deps.db, id);
  if (request.kind !== 'exchange' || request.state !== 'received')
    throw new AppError('CONFLICT', s.moveRefused.exchange);
  const input = await exchangeOrderInput(deps, request);
  const original = await loadConfirmation(deps, request.orderId);
  await placeOrder(deps, input, {
    actor,
    createdByStaff: true,
    customerUserId: original.userId,
    exchange: {
      beforeLines: async (trx: DB) => {
        await releaseReservations(trx, id, request.orderId, actor);
      },
      afterOrder: async (trx: DB, orderId: number) => {
        const facts = { exchangeNumber: orderNumberOf(orderId) };
        await applyStep(trx, deps, id, STEPS.exchange, actor, { exchange_order_id: orderId }, facts);
      },
    },
  });
  return getReturn(deps.db, id);
}
