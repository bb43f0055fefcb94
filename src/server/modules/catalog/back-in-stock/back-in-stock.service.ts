// Back in stock (issue 26, decision 233): a shopper asks to be told when a sold-out variant returns (one open request
// per variant and e-mail; asking twice answers the same request), unsubscribes through the e-mail's signed link, and
// staff read the waiting demand. The notices themselves are queued by the stock writer (notify.ts).
import { backInStockMessages } from '../../../../shared/messages/back-in-stock';
import type {
  BackInStockRequestDto,
  BackInStockUnsubscribeDto,
  DemandRowDto,
  VariantDemandDto,
} from '../../../../shared/dto/back-in-stock';
import type { BackInStockRequestInput, BackInStockUnsubscribeInput } from '../../../../shared/schemas/back-in-stock';
import type { AppDeps } from '../../../deps';
import { recordAudit } from '../../audit';
import { AppError } from '../../../errors';
import { consumeKeyedLimit } from '../../../http/rate-limit';
import * as q from './back-in-stock.queries';
import { requestOfToken } from './unsubscribe-token';

const t = backInStockMessages.backInStock;
/** Rows the staff list shows at most (the most wanted). */
export const DEMAND_LIST_CAP = 500;

const fieldError = (code: 'NOT_FOUND' | 'CONFLICT' | 'BAD_REQUEST', field: string, message: string) =>
  new AppError(code, message, { [field]: [message] });

/**
 * Opens the request (or finds the open one) for a sold-out variant of a product on sale. 404 for an unknown or
 * hidden variant, 409 when it is in stock (nothing to wait for), 429 past the per-address limit of this e-mail.
 */
export async function requestBackInStock(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: BackInStockRequestInput,
  now: Date = new Date(),
): Promise<BackInStockRequestDto> {
  await consumeKeyedLimit(deps, 'backInStockEmail', input.email);
  const variant = await q.variantForRequest(deps.db, input.variantID);
  if (!variant || !variant.is_active) throw fieldError('NOT_FOUND', 'variantID', t.unknownVariant);
  if (variant.stock_quantity > 0) throw fieldError('CONFLICT', 'variantID', t.inStock);
  const open = await q.openRequest(deps.db, input.variantID, input.email, now.toISOString());
  return { variantID: input.variantID, email: input.email, since: open.created_at };
}

/** Closes every open request of the link's address (the link works without signing in); 400 for a bad link. */
export async function unsubscribeBackInStock(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: BackInStockUnsubscribeInput,
  now: Date = new Date(),
): Promise<BackInStockUnsubscribeDto> {
  const requestId = requestOfToken(deps.config.keys.unsubscribe, input.token);
  const email = requestId === null ? undefined : await q.requestEmail(deps.db, requestId);
  if (email === undefined) throw fieldError('BAD_REQUEST', 'token', t.badLink);
  return { closed: await q.unsubscribeEmail(deps.db, email, now.toISOString()) };
}

/**
 * Staff close the waiting list of a variant that will not come back (discontinued, wrong listing): its open requests
 * become 'dismissed' and no notice goes, even if it is restocked later. Audited on the product; 404 for an unknown
 * variant; how many were closed (0 when nobody waited).
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

/** Open requests per variant of a product (the product editor's variants table). */
export async function productDemand(deps: Pick<AppDeps, 'db'>, productID: number): Promise<VariantDemandDto[]> {
  const rows = await q.productDemand(deps.db, productID);
  return rows.map((r) => ({ variantID: r.variant_id, waiting: Number(r.waiting) }));
}

/** The variants shoppers wait for, most wanted first: what to reorder. */
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
