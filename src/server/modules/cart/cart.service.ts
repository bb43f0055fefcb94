// Server cart rules for signed-in shoppers (so a cart follows them to another device): list, add (capped by
// stock), set quantity, remove, and merge a guest cart on sign-in. Prices and stock come from checkout's
// variantSnapshots, so the cart shows what checkout will charge.
import { messages, plural } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { cartMessages } from '#shared/messages/cart';
import { centsToEuros } from '#shared/money';
import type { CartItemDto } from '#shared/dto/checkout';
import type { AddCartItemInput, MergeCartInput, RemoveCartItemInput, SetCartQuantityInput } from '#shared/schemas/cart';
import { MAX_LINE_QUANTITY } from '#shared/schemas/checkout';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/errors';
import type { Actor } from '../accounts';
import { variantSnapshots, type VariantSnapshot } from '../catalog';
import * as q from './cart.queries';
import { cartChanged, cartLineRemoved } from './cart-reminders.service';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** After checkout: the ordered variants leave the user's server cart (inside the order's transaction). */
export const clearOrderedLines = (db: Deps['db'], userId: number, variantIds: readonly number[]) =>
  q.deleteVariantLines(db, userId, variantIds);
type Row = { cart_item_id: number; variant_id: number; quantity: number };

function toDto(row: Row, snap: VariantSnapshot): CartItemDto {
  return {
    cartItemId: row.cart_item_id,
    productVariantId: row.variant_id,
    productId: snap.productId,
    productName: snap.productName,
    productPrice: centsToEuros(snap.unitPriceCents),
    quantity: row.quantity,
    size: snap.size,
    color: snap.color,
    imageUrl: snap.imageUrl,
    stockQuantity: snap.stockQuantity,
  };
}

const capOf = (snap: VariantSnapshot) => Math.min(snap.stockQuantity, MAX_LINE_QUANTITY);

async function orderableSnapshot(deps: Deps, variantId: number): Promise<VariantSnapshot> {
  const snap = (await variantSnapshots(deps, [variantId])).get(variantId);
  if (!snap || !snap.isActive)
    throw new AppError('BAD_REQUEST', cartMessages.cart.unknownVariant, {
      productVariantId: [cartMessages.cart.unknownVariant],
    });
  return snap;
}

/** The user's cart lines with today's prices and stock (lines of withdrawn products are left out). */
export async function listCart(deps: Deps, actor: Actor): Promise<CartItemDto[]> {
  const rows = await q.cartRows(deps.db, actor.userId);
  const snaps = await variantSnapshots(
    deps,
    rows.map((r) => r.variant_id),
  );
  return rows.flatMap((r) => {
    const snap = snaps.get(r.variant_id);
    return snap && snap.isActive ? [toDto(r, snap)] : [];
  });
}

/** Adds units of a variant (incrementing an existing line), capped by stock; 409 when nothing more fits. */
export async function addItem(deps: Deps, actor: Actor, input: AddCartItemInput): Promise<CartItemDto> {
  const snap = await orderableSnapshot(deps, input.productVariantId);
  const existing = await q.cartRowByVariant(deps.db, actor.userId, input.productVariantId);
  if ((existing?.quantity ?? 0) >= capOf(snap)) {
    throw new AppError('CONFLICT', productMessages.maxInCart, undefined, {
      productVariantId: snap.productVariantId,
      available: snap.stockQuantity,
    });
  }
  const line = await q.addCapped(deps.db, actor.userId, input.productVariantId, input.quantity, capOf(snap));
  await cartChanged(deps, actor.userId);
  return toDto(line, snap);
}

/** Sets a line's quantity (min 1, max the variant's stock). */
export async function setItemQuantity(deps: Deps, actor: Actor, input: SetCartQuantityInput): Promise<CartItemDto> {
  const row = await q.cartRow(deps.db, actor.userId, input.cartItemId);
  if (!row) throw new AppError('NOT_FOUND', messages.common.notFound);
  const snap = await orderableSnapshot(deps, row.variant_id);
  if (input.quantity > snap.stockQuantity) {
    const message = plural(cartMessages.cart.onlyNAvailable, snap.stockQuantity);
    throw new AppError(
      'CONFLICT',
      message,
      { quantity: [message] },
      { productVariantId: snap.productVariantId, available: snap.stockQuantity },
    );
  }
  const updated = await q.setQuantity(deps.db, actor.userId, input.cartItemId, input.quantity);
  if (!updated) throw new AppError('NOT_FOUND', messages.common.notFound);
  await cartChanged(deps, actor.userId);
  return toDto(updated, snap);
}

export async function removeItem(deps: Deps, actor: Actor, input: RemoveCartItemInput): Promise<void> {
  if (!(await q.deleteRow(deps.db, actor.userId, input.cartItemId)))
    throw new AppError('NOT_FOUND', messages.common.notFound);
  await cartLineRemoved(deps, actor.userId);
}

/**
 * Merges lines kept in the browser (the guest cart, lines not yet synced) into the user's cart: quantities are
 * added and capped by stock; variants that no longer exist or are sold out are skipped. Returns the whole cart.
 */
export async function mergeCart(deps: Deps, actor: Actor, input: MergeCartInput): Promise<CartItemDto[]> {
  const snaps = await variantSnapshots(
    deps,
    input.items.map((i) => i.productVariantId),
  );
  await deps.db.transaction().execute(async (trx) => {
    for (const item of input.items) {
      const snap = snaps.get(item.productVariantId);
      if (!snap || !snap.isActive || capOf(snap) < 1) continue;
      if (item.mode === 'atLeast')
        await q.raiseCapped(trx, actor.userId, item.productVariantId, item.quantity, capOf(snap));
      else await q.addCapped(trx, actor.userId, item.productVariantId, item.quantity, capOf(snap));
    }
  });
  const cart = await listCart(deps, actor);
  if (input.items.length > 0 && cart.length > 0) await cartChanged(deps, actor.userId);
  return cart;
}
