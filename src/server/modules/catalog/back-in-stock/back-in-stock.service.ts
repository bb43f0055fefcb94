// Back in stock (issue 26, decisions 233 and 239): a shopper asks to be told when a sold-out variant returns (one live
// request per variant and e-mail), a new address confirms through a link e-mailed to it before its requests count
// (double opt-in), the shopper unsubscribes through the notice's signed link, and staff read the confirmed demand.
// The notices themselves are queued by the stock writer (notify.ts), for confirmed ('open') requests only.
import { backInStockMessages } from '#shared/messages/back-in-stock';
import type {
  BackInStockConfirmDto,
  BackInStockRequestDto,
  BackInStockUnsubscribeDto,
  DemandRowDto,
  VariantDemandDto,
} from '#shared/dto/back-in-stock';
import type {
  BackInStockConfirmInput,
  BackInStockRequestInput,
  BackInStockUnsubscribeInput,
} from '#shared/schemas/back-in-stock';
import type { AppDeps } from '#server/deps';
import { recordAudit } from '#server/modules/audit';
import { AppError } from '#server/errors';
import { notifyMailQueued } from '#server/modules/outbox';
import * as q from './back-in-stock.queries';
import { forgetCutoff, mailPaceFrom, pendingCutoff, queueConfirmation } from './confirm';
import { claimOfToken, signedFor } from './confirm-token';
import { requestOfToken } from './unsubscribe-token';

const t = backInStockMessages.backInStock;
/** Rows the staff list shows at most (the most wanted). */
export const DEMAND_LIST_CAP = 500;

const fieldError = (code: 'NOT_FOUND' | 'CONFLICT' | 'BAD_REQUEST', field: string, message: string) =>
  new AppError(code, message, { [field]: [message] });

/**
 * Takes a request for a sold-out variant of a product on sale. 404 for an unknown or hidden variant, 409 when it is
 * in stock (nothing to wait for): facts about the variant, never about the address. Otherwise the answer is the same
 * whatever the address's state, so it tells no one who waits: a confirmed address's request is open at once; any
 * other's is pending, and the address gets a confirmation e-mail unless it had one within the pace window (that
 * link confirms this request too). Lapsed pending requests are expired on the way.
 */
export async function requestBackInStock(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: BackInStockRequestInput,
  now: Date = new Date(),
): Promise<BackInStockRequestDto> {
  const variant = await q.variantForRequest(deps.db, input.variantID);
  if (!variant || !variant.is_active) throw fieldError('NOT_FOUND', 'variantID', t.unknownVariant);
  if (variant.stock_quantity > 0) throw fieldError('CONFLICT', 'variantID', t.inStock);
  const iso = now.toISOString();
  const mailed = await deps.db.transaction().execute(async (trx) => {
    await q.expirePending(trx, pendingCutoff(now).toISOString(), iso);
    await q.forgetUnconfirmed(trx, forgetCutoff(now).toISOString());
    const address = await q.addressOf(trx, input.email, iso);
    const request = await q.liveRequest(
      trx,
      input.variantID,
      input.email,
      address.confirmed_at ? 'open' : 'pending',
      iso,
    );
    if (request.status !== 'pending') return false;
    if (!(await q.claimConfirmationMail(trx, address.address_id, iso, mailPaceFrom(now).toISOString()))) return false;
    await queueConfirmation(trx, input.email, address.address_id, input.variantID, now);
    return true;
  });
  if (mailed) notifyMailQueued();
  return { variantID: input.variantID, email: input.email };
}

/**
 * The confirmation page's button: a valid, unexpired link confirms its address and opens all the address's pending
 * requests (those not yet lapsed). 400 for a link the shop did not sign for that address, or one past its expiry.
 */
export async function confirmBackInStock(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: BackInStockConfirmInput,
  now: Date = new Date(),
): Promise<BackInStockConfirmDto> {
  const claim = claimOfToken(input.token);
  const address = claim ? await q.addressById(deps.db, claim.addressId) : undefined;
  if (!claim || !address || !signedFor(deps.config, claim, address.email))
    throw fieldError('BAD_REQUEST', 'token', t.badLink);
  if (claim.expires * 1000 <= now.getTime()) throw fieldError('BAD_REQUEST', 'token', t.expiredLink);
  const iso = now.toISOString();
  const confirmed = await deps.db.transaction().execute(async (trx) => {
    await q.expirePending(trx, pendingCutoff(now).toISOString(), iso, address.email);
    return q.confirmAddress(trx, address.address_id, address.email, iso);
  });
  return { confirmed };
}

/**
 * Closes every live request of the link's address (the link works without signing in) and takes back the address's
 * confirmation; 400 for a bad link.
 */
export async function unsubscribeBackInStock(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: BackInStockUnsubscribeInput,
  now: Date = new Date(),
): Promise<BackInStockUnsubscribeDto> {
  const requestId = requestOfToken(deps.config.keys.unsubscribe, input.token);
  const email = requestId === null ? undefined : await q.requestEmail(deps.db, requestId);
  if (email === undefined) throw fieldError('BAD_REQUEST', 'token', t.badLink);
  const closed = await deps.db.transaction().execute((trx) => q.unsubscribeEmail(trx, email, now.toISOString()));
  return { closed };
}

/**
 * Staff close the waiting list of a variant that will not come back (discontinued, wrong listing): its live requests
 * (confirmed and pending) become 'dismissed' and no notice goes, even if it is restocked later. Audited on the
 * product; 404 for an unknown variant; how many confirmed requests were closed (the count staff were shown).
 */
export async function dismissDemand(deps: Pick<AppDeps, 'db'>, variantID: number, now: Date = new Date()) {
  const [facts] = await q.variantFacts(deps.db, [variantID]);
  if (!facts) throw fieldError('NOT_FOUND', 'variantID', t.unknownVariant);
  const dismissed = await deps.db.transaction().execute(async (trx) => {
    const n = await q.dismissVariant(trx, variantID, now.toISOString());
    if (n > 0) {
      const variant = `${facts.size_name}, ${facts.color_name}`;
      await recordAudit(trx, {
        entity: 'product',
        entityId: facts.product_id,
        action: 'back-in-stock-dismiss',
        before: { backInStockWaiting: n, variant },
        after: { backInStockWaiting: 0, variant },
      });
    }
    return n;
  });
  return { dismissed };
}

/** Confirmed (open) requests per variant of a product (the product editor's variants table). */
export async function productDemand(deps: Pick<AppDeps, 'db'>, productID: number): Promise<VariantDemandDto[]> {
  const rows = await q.productDemand(deps.db, productID);
  return rows.map((r) => ({ variantID: r.variant_id, waiting: Number(r.waiting) }));
}

/** The variants confirmed shoppers wait for, most wanted first: what to reorder. */
export async function demandList(deps: Pick<AppDeps, 'db'>): Promise<DemandRowDto[]> {
  const rows = await q.demandList(deps.db, DEMAND_LIST_CAP);
  return rows.map((r) => ({
    variantID: r.variant_id,
    waiting: Number(r.waiting),
    productID: r.product_id,
    productName: r.name,
    sizeName: r.size_name,
    colorName: r.color_name,
    hexCode: r.hex_code,
    stockQuantity: r.stock_quantity,
    oldest: String(r.oldest),
  }));
}
