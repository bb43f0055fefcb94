// Back in stock's notices (decision 233): stock.ts calls notifyBackInStock in the transaction of every change that
// takes a variant from 0 to more. It closes the variant's open requests (UPDATE … RETURNING: a row is closed, and so
// e-mailed, by exactly one transaction, however many processes restock at once) and queues one e-mail per closed
// request in that same transaction. The e-mail's unsubscribe link is minted only when it is sent (decision 207).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { colourAndSize, lineColour } from '#shared/colours';
import { backInStockMail, enqueueMail, linkBase, registerSecretLink } from '#server/modules/outbox';
import * as q from './back-in-stock.queries';
import { unsubscribeToken } from './unsubscribe-token';

type Q = Kysely<Database> | Transaction<Database>;

export const BACK_IN_STOCK_KIND = 'back_in_stock';
const UNSUBSCRIBE_SECRET = 'back_in_stock_unsubscribe';

/** Queues the notices of these variants' open requests and closes them; how many e-mails were queued. */
export async function notifyBackInStock(trx: Q, variantIds: number[], now: Date = new Date()): Promise<number> {
  if (variantIds.length === 0) return 0;
  const closed = await q.closeForRestock(trx, variantIds, now.toISOString());
  if (closed.length === 0) return 0;
  const facts = new Map(
    (await q.variantFacts(trx, [...new Set(closed.map((c) => c.variant_id))])).map((f) => [f.variant_id, f]),
  );
  for (const request of closed) {
    const f = facts.get(request.variant_id)!;
    const variant = colourAndSize(lineColour({ colorName: f.color_name, hexCode: f.hex_code }), f.size_name, ', ');
    const mail = backInStockMail({ productId: f.product_id, productName: f.name, variant });
    await enqueueMail(
      trx,
      {
        kind: BACK_IN_STOCK_KIND,
        to: request.email,
        ...mail,
        secret: { kind: UNSUBSCRIBE_SECRET, ref: request.request_id },
      },
      now,
    );
  }
  return closed.length;
}

// The unsubscribe link of request `ref`, minted as its e-mail is sent; null once the request row is gone.
registerSecretLink(UNSUBSCRIBE_SECRET, async (deps, ref) =>
  (await q.requestEmail(deps.db, ref)) === undefined
    ? null
    : `${linkBase(deps.config)}/cregjistrimi?token=${unsubscribeToken(deps.config.keys.unsubscribe, ref)}`,
);
