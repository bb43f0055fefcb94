// Forgotten carts (issue 37, decision 275): when a cart's round of reminders starts and stops, a consenting guest's
// cart kept on the server, the restore link (items, never a sign-in) and the one-click unsubscribe. The job that
// queues the reminders is cart-reminders.job.ts.
import { createHash, randomBytes } from 'node:crypto';
import { cartReminderMessages } from '#shared/messages/cart-reminders';
import { centsToEuros } from '#shared/money';
import type { RestoredCartDto } from '#shared/dto/cart-reminders';
import type { RestoreCartInput, SaveGuestCartInput } from '#shared/schemas/cart-reminders';
import { MAX_LINE_QUANTITY } from '#shared/schemas/checkout';
import { DEFAULT_CART_REMINDERS, type CartReminderConfig } from '#server/cart-reminder-config';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { AppError } from '#server/errors';
import { variantSnapshots } from '../catalog';
import { registerSecretLink } from '../outbox';
import * as cq from './cart.queries';
import * as q from './cart-reminders.queries';

const HOUR_MS = 3_600_000;
export const REMINDER_SECRET = 'cart_reminder';

export const reminderSettings = (config: Pick<AppDeps['config'], 'cartReminders'> | undefined): CartReminderConfig =>
  config?.cartReminders ?? DEFAULT_CART_REMINDERS;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
export const normalEmail = (email: string) => email.trim().toLowerCase();

function firstDue(config: AppDeps['config'], now: Date): string | null {
  const hours = reminderSettings(config).afterHours;
  return hours > 0 ? new Date(now.getTime() + hours * HOUR_MS).toISOString() : null;
}

/** A signed-in shopper's cart changed and holds items: her round starts again, first reminder after the set time. */
export async function cartChanged(deps: Pick<AppDeps, 'db' | 'config'>, userId: number, now = new Date()) {
  await q.armUserFollowup(deps.db, userId, now.toISOString(), firstDue(deps.config, now));
}

/** A line left her cart: an empty cart stops the reminders. */
export async function cartLineRemoved(deps: Pick<AppDeps, 'db'>, userId: number) {
  if (!(await cq.hasLines(deps.db, userId))) await q.stopFollowups(deps.db, [{ userId }]);
}

/**
 * In the order's transaction: the buyer's carts stop being reminded, and the order counts as recovered when a
 * reminder went to her (by account or address) within CART_RECOVERY_DAYS before it.
 */
export async function cartOrdered(
  trx: DB,
  config: Pick<AppDeps['config'], 'cartReminders'> | undefined,
  order: { orderId: number; userId: number | null; email: string | null; totalCents: number; at: Date },
) {
  const email = order.email ? normalEmail(order.email) : null;
  const keys = [
    ...(order.userId !== null ? [{ userId: order.userId }] : []),
    ...(email ? [{ guestEmail: email }] : []),
  ];
  if (keys.length === 0) return;
  await q.stopFollowups(trx, keys);
  const from = new Date(order.at.getTime() - reminderSettings(config).recoveryDays * 24 * HOUR_MS).toISOString();
  const reminder = await q.latestOpenReminder(trx, { userId: order.userId, email }, from);
  if (reminder)
    await q.markRecovered(trx, reminder.reminder_id, order.orderId, order.totalCents, order.at.toISOString());
}

/**
 * A guest ticked the consent box at checkout (or her cart changed since): her lines are kept on the server under her
 * address and her browser's key (only its hash stored). Unticked: her saved cart is forgotten. An empty cart stops it.
 */
export async function saveGuestCart(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: SaveGuestCartInput,
  now = new Date(),
): Promise<{ key: string | null }> {
  const known = input.key ? await q.guestFollowupByKey(deps.db, hashToken(input.key)) : undefined;
  if (!input.consent) {
    if (known) await q.deleteFollowup(deps.db, known.followup_id);
    return { key: null };
  }
  const key = known ? input.key! : newToken();
  const lines = input.items.map((i) => ({ variantId: i.productVariantId, quantity: i.quantity }));
  const due = lines.length > 0 ? firstDue(deps.config, now) : null;
  await deps.db.transaction().execute(async (trx) => {
    // A new address for a known key: the old address's cart goes (one cart per browser).
    if (known && known.guest_email !== normalEmail(input.email)) await q.deleteFollowup(trx, known.followup_id);
    const { followup_id } = await q.upsertGuestFollowup(
      trx,
      normalEmail(input.email),
      hashToken(key),
      now.toISOString(),
      due,
    );
    await q.replaceGuestLines(trx, followup_id, lines);
  });
  return { key };
}

// The reminder's token, minted when its e-mail is sent (decision 207): only the hash is stored, valid for
// CART_RESTORE_LINK_DAYS for the restore link (the unsubscribe link keeps working). The e-mail builds both links.
registerSecretLink(REMINDER_SECRET, async (deps, ref, now) => {
  if (!(await q.reminderById(deps.db, ref))) return null;
  const token = newToken();
  const days = reminderSettings(deps.config).restoreLinkDays;
  await q.setReminderToken(deps.db, ref, hashToken(token), new Date(now.getTime() + days * 24 * HOUR_MS).toISOString());
  return token;
});

async function reminderOfToken(deps: Pick<AppDeps, 'db'>, token: string) {
  const found = await q.reminderByToken(deps.db, hashToken(token));
  if (!found) {
    const message = cartReminderMessages.restore.badLink;
    throw new AppError('NOT_FOUND', message, { token: [message] });
  }
  return found;
}

/** The restore link: the cart's items as they are now, with today's prices and stock. Opens no account. */
export async function restoreCart(
  deps: Pick<AppDeps, 'db'>,
  input: RestoreCartInput,
  now = new Date(),
): Promise<RestoredCartDto> {
  const r = await reminderOfToken(deps, input.token);
  if (!r.token_expires_at || r.token_expires_at <= now.toISOString()) {
    const message = cartReminderMessages.restore.badLink;
    throw new AppError('NOT_FOUND', message, { token: [message] });
  }
  let rows: { variant_id: number; quantity: number }[] = [];
  if (r.user_id !== null) rows = await cq.cartRows(deps.db, r.user_id);
  else if (r.followup_id !== null) rows = await q.guestLinesOf(deps.db, [r.followup_id]);
  const snaps = await variantSnapshots(
    deps,
    rows.map((row) => row.variant_id),
  );
  const items = rows.flatMap((row) => {
    const snap = snaps.get(row.variant_id);
    if (!snap || !snap.isActive || snap.stockQuantity <= 0) return [];
    return [
      {
        productVariantId: snap.productVariantId,
        productId: snap.productId,
        productName: snap.productName,
        productPrice: centsToEuros(snap.unitPriceCents),
        quantity: Math.min(row.quantity, snap.stockQuantity, MAX_LINE_QUANTITY),
        size: snap.size,
        color: snap.color,
        imageUrl: snap.imageUrl,
        stockQuantity: snap.stockQuantity,
      },
    ];
  });
  return { items };
}

/** One click, no sign-in: the reminder's address gets no more cart reminders, and its cart's round stops. */
export async function unsubscribeReminders(
  deps: Pick<AppDeps, 'db'>,
  input: RestoreCartInput,
  now = new Date(),
): Promise<{ unsubscribed: true }> {
  const r = await reminderOfToken(deps, input.token);
  await deps.db.transaction().execute(async (trx) => {
    await q.addOptout(trx, r.email, now.toISOString());
    if (r.followup_id !== null) await q.stopFollowupById(trx, r.followup_id);
  });
  return { unsubscribed: true };
}
