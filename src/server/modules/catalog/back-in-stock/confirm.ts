// Back in stock's double opt-in e-mail (decision 239): queued in the request's transaction when an unconfirmed
// address asks and has had no confirmation e-mail within the pace window; its link (a MAC valid for the pending
// window, confirm-token.ts) is minted only when the worker sends it (decision 207), so no row holds it. The link opens
// the storefront's confirmation page, which confirms with a button (a mail scanner fetching the link confirms nothing).
import { colourAndSize, lineColour } from '#shared/colours';
import { pages } from '#shared/pages';
import type { AppDeps } from '#server/deps';
import { BACK_IN_STOCK_CONFIRMATION } from '#server/http/limits';
import { backInStockConfirmMail, enqueueMail, linkBase, registerSecretLink } from '#server/modules/outbox';
import * as q from './back-in-stock.queries';
import { confirmToken } from './confirm-token';

type Q = Parameters<typeof q.addressById>[0];

export const CONFIRM_KIND = 'back_in_stock_confirm';
const HOUR_MS = 3_600_000;
const pendingMs = BACK_IN_STOCK_CONFIRMATION.pendingHours * HOUR_MS;

/** Requests (and links) made before this time have lapsed. */
export const pendingCutoff = (now: Date) => new Date(now.getTime() - pendingMs);

/**
 * Unconfirmed addresses neither made nor mailed since this time are forgotten: twice the pending window, so a link
 * whose e-mail left the queue late still finds its address while it is valid.
 */
export const forgetCutoff = (now: Date) => new Date(now.getTime() - 2 * pendingMs);

/** An address mailed at or before this time may be mailed again. */
export const mailPaceFrom = (now: Date) =>
  new Date(now.getTime() - BACK_IN_STOCK_CONFIRMATION.mailEveryMinutes * 60_000);

/** Queues the confirmation e-mail for `addressId`, naming the variant it was asked for. */
export async function queueConfirmation(trx: Q, to: string, addressId: number, variantId: number, now: Date) {
  const [f] = await q.variantFacts(trx, [variantId]);
  const variant = colourAndSize(lineColour({ colorName: f!.color_name, hexCode: f!.hex_code }), f!.size_name, ', ');
  const mail = backInStockConfirmMail(
    { productId: f!.product_id, productName: f!.name, variant },
    BACK_IN_STOCK_CONFIRMATION.pendingHours,
  );
  await enqueueMail(trx, { kind: CONFIRM_KIND, to, ...mail, secret: { kind: CONFIRM_KIND, ref: addressId } }, now);
}

// The confirmation link of address `ref`, minted as its e-mail is sent and valid for the pending window from then;
// null when the address row is gone (forgotten after its requests lapsed).
registerSecretLink(CONFIRM_KIND, async (deps: Pick<AppDeps, 'db' | 'config'>, ref, now) => {
  const address = await q.addressById(deps.db, ref);
  if (!address) return null;
  const token = confirmToken(
    deps.config,
    { addressId: ref, email: address.email },
    new Date(now.getTime() + pendingMs),
  );
  return `${linkBase(deps.config)}${pages.backInStockConfirm.path}?token=${token}`;
});
