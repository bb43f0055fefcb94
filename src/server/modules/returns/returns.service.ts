// A shopper's returns and exchanges (decision 235): what of a delivered order may still be asked for, and the request
// itself. The owner (signed in), the guest with the order's guest id, or staff ask; the window runs RETURN_WINDOW_DAYS
// from delivery (order_ship_date, set when the order is marked delivered). Every refusal is a 409 (400 for a line
// that is not in the order or a wanted variant of another product) and writes nothing. An exchange's wanted variant
// is reserved from stock (catalog's changeStock, reason 'exchange') in the request's transaction.
import type { OrderConfirmationDto } from '#shared/dto/checkout';
import type { ExchangeChoiceDto, ReturnOptionsDto, ReturnPolicyDto } from '#shared/dto/returns';
import { fill } from '#shared/messages';
import { returnMessages } from '#shared/messages/returns';
import { returnDeadline } from '#shared/returns';
import type { CreateReturnInput, ReturnOptionsInput } from '#shared/schemas/returns';
import { DEFAULT_RETURNS, type ReturnsConfig } from '#server/config';
import type { DB } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/errors';
import type { Actor } from '../accounts';
import { changeStock, productById, variantSnapshots } from '../catalog';
import { lockOrderRow, orderForCaller, recordOrderEvent, shopperOrderById, type MyOrderRow } from '../orders';
import { notifyMailQueued, queueReturnStepMail, type ReturnMailFacts } from '../outbox';
import * as q from './returns.queries';
import { mailLines, paidCents, requestDtos } from './returns-shapes';

type Deps = Pick<AppDeps, 'db' | 'config'>;
const r = returnMessages.refused;

export const returnsConfig = (deps: Partial<Pick<AppDeps, 'config'>>): ReturnsConfig =>
  deps.config?.returns ?? DEFAULT_RETURNS;

/** The policy page's facts. */
export function returnPolicy(deps: Partial<Pick<AppDeps, 'config'>>): ReturnPolicyDto {
  const { windowDays, address, instructions } = returnsConfig(deps);
  return { windowDays, address, instructions };
}

const conflict = (message: string) => new AppError('CONFLICT', message);
const badLine = (i: number, field: string, message: string) =>
  new AppError('BAD_REQUEST', message, { [`lines.${i}.${field}`]: [message] });

/** 409 unless the order is delivered (not closed) and the window is still open at `now`. */
function assertWithinWindow(row: MyOrderRow | undefined, days: number, now: Date): void {
  if (!row || row.status !== 'delivered' || row.closed_as !== null) throw conflict(r.notDelivered);
  const deadline = returnDeadline(row.order_ship_date, days);
  if (!deadline) throw conflict(r.notDelivered);
  if (now.getTime() > deadline.getTime()) throw conflict(fill(r.pastWindow, { days }));
}

/** The other variants of each line's product, for the exchange choice (the product's live variants). */
async function exchangeChoices(deps: Deps, order: OrderConfirmationDto): Promise<Map<number, ExchangeChoiceDto[]>> {
  const out = new Map<number, ExchangeChoiceDto[]>();
  for (const productId of new Set(order.lines.flatMap((l) => (l.productId === null ? [] : [l.productId])))) {
    try {
      const product = (await productById(deps.db, productId)).value;
      out.set(
        productId,
        product.productVariants.map((v) => ({
          productVariantId: v.variantID,
          size: v.sizeName,
          color: v.colorName,
          inStock: v.stockQuantity > 0,
        })),
      );
    } catch {
      out.set(productId, []); // the product is gone or hidden: nothing to exchange for
    }
  }
  return out;
}

/** The order page's return panel: the deadline, each line with what may still be asked, the earlier requests. */
export async function returnOptions(
  deps: Deps,
  input: ReturnOptionsInput,
  actor: Actor | null,
  clientIp: string,
  now: Date = new Date(),
): Promise<ReturnOptionsDto> {
  const order = await orderForCaller(deps, input, actor, clientIp);
  const row = await shopperOrderById(deps.db, order.orderId);
  const { windowDays } = returnsConfig(deps);
  const delivered = row?.status === 'delivered' && row.closed_as === null;
  const deadline = delivered ? returnDeadline(row.order_ship_date, windowDays) : null;
  const asked = new Map((await q.askedPerLine(deps.db, order.orderId)).map((a) => [a.order_details_id, Number(a.qty)]));
  const choices = await exchangeChoices(deps, order);
  const lines = order.lines.map((l) => {
    const alreadyAsked = asked.get(l.orderDetailsId) ?? 0;
    return {
      orderDetailsId: l.orderDetailsId,
      productName: l.productName,
      size: l.size,
      color: l.color,
      imageUrl: l.imageUrl,
      bought: l.quantity,
      alreadyAsked,
      returnable: Math.max(0, l.quantity - alreadyAsked),
      choices: (l.productId === null ? [] : (choices.get(l.productId) ?? [])).filter(
        (c) => c.productVariantId !== l.productVariantId,
      ),
    };
  });
  const open = !!deadline && now.getTime() <= deadline.getTime();
  return {
    orderId: order.orderId,
    deadline: deadline?.toISOString() ?? null,
    windowDays,
    canAsk: open && lines.some((l) => l.returnable > 0),
    lines,
    requests: await requestDtos(deps.db, await q.requestsOfOrder(deps.db, order.orderId)),
  };
}

/** The request's lines checked against the order and earlier requests, with their paid value; 409/400 when refused. */
async function plannedLines(trx: DB, input: CreateReturnInput, order: OrderConfirmationDto, row: MyOrderRow) {
  const asked = new Map((await q.askedPerLine(trx, order.orderId)).map((a) => [a.order_details_id, Number(a.qty)]));
  const wanted = await variantSnapshots(
    { db: trx },
    input.lines.flatMap((l) => (l.exchangeVariantId ? [l.exchangeVariantId] : [])),
  );
  return input.lines.map((l, i) => {
    const line = order.lines.find((o) => o.orderDetailsId === l.orderDetailsId);
    if (!line) throw badLine(i, 'orderDetailsId', r.unknownLine);
    const before = asked.get(l.orderDetailsId) ?? 0;
    if (before >= line.quantity) throw conflict(r.alreadyReturned);
    if (before + l.quantity > line.quantity) throw conflict(r.moreThanBought);
    const variant = input.kind === 'exchange' && l.exchangeVariantId ? wanted.get(l.exchangeVariantId) : undefined;
    if (input.kind === 'exchange') {
      const same = variant && variant.isActive && variant.productId === line.productId;
      if (!same || variant.productVariantId === line.productVariantId)
        throw badLine(i, 'exchangeVariantId', r.wantedInvalid);
    }
    const cents = Math.round(line.lineTotal * 100);
    return {
      order_details_id: l.orderDetailsId,
      quantity: l.quantity,
      paid_cents: paidCents({ line_total_cents: cents, quantity: line.quantity }, l.quantity, row),
      exchange_variant_id: variant?.productVariantId ?? null,
      reserved: variant ? 1 : 0,
    };
  });
}

/** Holds the wanted units of an exchange (409 when one is sold out: the transaction rolls back). */
async function reserve(trx: DB, lines: q.NewRequestLineRow[], orderId: number, actor: Actor | null, id: number) {
  for (const l of lines) {
    if (!l.exchange_variant_id) continue;
    const took = await changeStock(trx, {
      variantId: l.exchange_variant_id,
      delta: -l.quantity,
      reason: 'exchange',
      actorId: actor?.userId ?? null,
      orderId,
      note: `#${id}`,
    });
    if (!took) throw conflict(r.wantedSoldOut);
  }
}

/** A shopper's request (owner, guest with the guest id, or staff): checked, written, e-mailed, in one transaction. */
export async function createReturn(
  deps: Deps,
  input: CreateReturnInput,
  actor: Actor | null,
  clientIp: string,
  now: Date = new Date(),
) {
  const order = await orderForCaller(deps, input, actor, clientIp);
  const at = now.toISOString();
  const id = await deps.db.transaction().execute(async (trx) => {
    await lockOrderRow(trx, order.orderId);
    const row = await shopperOrderById(trx, order.orderId);
    assertWithinWindow(row, returnsConfig(deps).windowDays, now);
    const lines = await plannedLines(trx, input, order, row!);
    const base = { order_id: order.orderId, kind: input.kind, reason: input.reason, comment: input.comment };
    const id = await q.insertRequest(trx, { ...base, state: 'requested', created_at: at, updated_at: at }, lines);
    await reserve(trx, lines, order.orderId, actor, id);
    await recordOrderEvent(trx, order.orderId, 'return_requested', at, actor?.userId ?? null, `#${id}`);
    const [dto] = await requestDtos(trx, [(await q.requestById(trx, id))!]);
    const facts: ReturnMailFacts = { step: 'requested', orderNumber: order.orderNumber, kind: input.kind, lines: [] };
    await queueReturnStepMail(trx, deps.config, order, { ...facts, lines: mailLines(dto!) });
    return id;
  });
  notifyMailQueued();
  const [dto] = await requestDtos(deps.db, [(await q.requestById(deps.db, id))!]);
  return dto!;
}
