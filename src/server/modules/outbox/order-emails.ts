// The e-mails an order causes, queued in the order's own transaction (decision 170): the confirmation to the
// shopper and the new-order notification to SHOP_EMAIL when it is placed; "Dorëzuar" when staff mark it delivered and paid.
// A manual order taken without an e-mail (decision 221) gets only the notification: nothing is queued to nobody.
import type { AppConfig } from '#server/config';
import type { DB } from '#server/db/client';
import type { OrderConfirmationDto } from '#shared/dto/checkout';
import { DEFAULT_MAIL, linkBase, mailSettings } from './outbox.config';
import { enqueueMail } from './outbox.service';
import { registerSecretLink, SECRET_LINK } from './secret-links';
import { signOrderLink } from './signed-links';
import {
  newOrderMail,
  orderCancelledMail,
  orderConfirmationMail,
  orderDeliveredMail,
  orderShippedMail,
} from './templates/order-emails';
import { returnStepMail, type ReturnMailFacts } from './templates/return-emails';

type MailContext = Partial<Pick<AppConfig, 'mail' | 'publicUrl' | 'port'>> | undefined;

function base(config: MailContext): string {
  return config ? linkBase({ publicUrl: config.publicUrl, port: config.port ?? 3000 }) : 'http://localhost:3000';
}

/**
 * The shopper's link to the order page: an account's order opens its page in "Porositë e mia", /porosite/{id}, with
 * the owner's session (decision 255); a guest's link carries the random guest id the order was placed with (the
 * page sends it as its proof), and an order with neither opens the tracking form filled with its number.
 */
export function orderPageUrl(
  config: MailContext,
  o: Pick<OrderConfirmationDto, 'orderId' | 'userId' | 'guestId'>,
): string {
  const root = base(config);
  if (o.userId === null && o.guestId)
    return `${root}/order-confirmation/${o.orderId}?guest=${encodeURIComponent(o.guestId)}`;
  if (o.userId === null) return `${root}/order-status?order=${o.orderId}`;
  return `${root}/porosite/${o.orderId}`;
}

/** How long the review link of a delivered order's e-mail stays valid (decision 234). */
const REVIEW_LINK_DAYS = 90;

/**
 * The delivered e-mail's review link (decision 234), minted as the worker sends it: signed for the order, nothing
 * stored, so the outbox row keeps only the placeholder (decision 207).
 */
registerSecretLink('review_invite', async (deps, orderId, now) => {
  const expires = new Date(now.getTime() + REVIEW_LINK_DAYS * 86_400_000);
  const token = signOrderLink(deps.config.keys.orderLink, 'review', orderId, expires);
  return `${linkBase(deps.config)}/review/${orderId}?t=${token}`;
});

/** The shopper's address, or null for a manual order taken without one. */
const shopperAddress = (order: OrderConfirmationDto): string | null => order.customerDetails.email.trim() || null;

/** Queues the confirmation (shopper) and the notification (SHOP_EMAIL) of a just-inserted order, in its transaction. */
export async function queueOrderPlacedMail(trx: DB, config: MailContext, order: OrderConfirmationDto): Promise<void> {
  const settings = config ? mailSettings({ mail: config.mail }) : DEFAULT_MAIL;
  const to = shopperAddress(order);
  if (to)
    await enqueueMail(trx, {
      kind: 'order_confirmation',
      to,
      orderId: order.orderId,
      ...orderConfirmationMail(order, orderPageUrl(config, order)),
    });
  await enqueueMail(trx, {
    kind: 'order_notification',
    to: settings.shopEmail,
    replyTo: to ?? undefined,
    orderId: order.orderId,
    ...newOrderMail(order, `${base(config)}/dashboard/orderDetails/${order.orderId}`),
  });
}

/** Queues "your order was delivered, thank you" (Dorëzuar) to the shopper, with the review invitation, in the status change's transaction. */
export async function queueOrderDeliveredMail(
  trx: DB,
  config: MailContext,
  order: OrderConfirmationDto,
): Promise<void> {
  const to = shopperAddress(order);
  if (!to) return;
  await enqueueMail(trx, {
    kind: 'order_delivered',
    to,
    orderId: order.orderId,
    ...orderDeliveredMail(order, orderPageUrl(config, order), SECRET_LINK),
    // The invitation to review its products: a signed link minted when the e-mail is sent (decision 234).
    secret: { kind: 'review_invite', ref: order.orderId },
  });
}

/** Queues "your order was cancelled" (Anuluar) to the shopper, in the transaction that cancels the order. */
export async function queueOrderCancelledMail(
  trx: DB,
  config: MailContext,
  order: OrderConfirmationDto,
): Promise<void> {
  const to = shopperAddress(order);
  if (!to) return;
  await enqueueMail(trx, {
    kind: 'order_cancelled',
    to,
    orderId: order.orderId,
    ...orderCancelledMail(order, orderPageUrl(config, order)),
  });
}

/** Queues "your order is on its way" (Në dërgesë, decision 229) with the tracking link, in the shipping transaction. */
export async function queueOrderShippedMail(trx: DB, config: MailContext, order: OrderConfirmationDto): Promise<void> {
  const to = shopperAddress(order);
  if (!to) return;
  await enqueueMail(trx, {
    kind: 'order_shipped',
    to,
    orderId: order.orderId,
    ...orderShippedMail(order, orderPageUrl(config, order)),
  });
}

/** Queues a return request's step e-mail to the shopper (decision 235), in the transaction that made the step. */
export async function queueReturnStepMail(
  trx: DB,
  config: MailContext,
  order: OrderConfirmationDto,
  facts: ReturnMailFacts,
): Promise<void> {
  const to = shopperAddress(order);
  if (!to) return;
  await enqueueMail(trx, {
    kind: `return_${facts.step}`,
    to,
    orderId: order.orderId,
    ...returnStepMail(facts, orderPageUrl(config, order)),
  });
}
