// SQL of forgotten carts (decision 275): the follow-up row of each cart the shop may remind about, a consenting
// guest's lines, the reminders queued (with their restore token's hash and the order that came back) and opt-outs.
import type { DB } from '#server/db/client';

type FollowupKey = { userId: number } | { guestEmail: string };

/** Starts (or restarts) a signed-in shopper's round: the first reminder is due at `dueAt`. */
export async function armUserFollowup(db: DB, userId: number, nowIso: string, dueAt: string | null) {
  await db
    .insertInto('cart_followups')
    .values({ user_id: userId, updated_at: nowIso, due_at: dueAt, reminders_sent: 0 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: nowIso, due_at: dueAt, reminders_sent: 0 }))
    .execute();
}

/** Stops the reminders of these carts (ordered, emptied, unsubscribed); the round starts again on the next change. */
export async function stopFollowups(db: DB, keys: FollowupKey[]) {
  for (const key of keys) {
    let u = db.updateTable('cart_followups').set({ due_at: null });
    u = 'userId' in key ? u.where('user_id', '=', key.userId) : u.where('guest_email', '=', key.guestEmail);
    await u.execute();
  }
}

export async function stopFollowupById(db: DB, followupId: number) {
  await db.updateTable('cart_followups').set({ due_at: null }).where('followup_id', '=', followupId).execute();
}

export async function guestFollowupByKey(db: DB, keyHash: string) {
  return db
    .selectFrom('cart_followups')
    .select(['followup_id', 'guest_email'])
    .where('guest_key_hash', '=', keyHash)
    .executeTakeFirst();
}

/** A consenting guest's cart by her address: created, or taken over by this browser's key (the newest cart counts). */
export async function upsertGuestFollowup(
  db: DB,
  email: string,
  keyHash: string,
  nowIso: string,
  dueAt: string | null,
) {
  return db
    .insertInto('cart_followups')
    .values({ guest_email: email, guest_key_hash: keyHash, updated_at: nowIso, due_at: dueAt, reminders_sent: 0 })
    .onConflict((oc) =>
      oc
        .column('guest_email')
        .doUpdateSet({ guest_key_hash: keyHash, updated_at: nowIso, due_at: dueAt, reminders_sent: 0 }),
    )
    .returning('followup_id')
    .executeTakeFirstOrThrow();
}

export async function deleteFollowup(db: DB, followupId: number) {
  await db.deleteFrom('cart_followups').where('followup_id', '=', followupId).execute();
}

export async function replaceGuestLines(
  db: DB,
  followupId: number,
  lines: readonly { variantId: number; quantity: number }[],
) {
  await db.deleteFrom('guest_cart_lines').where('followup_id', '=', followupId).execute();
  if (lines.length === 0) return;
  await db
    .insertInto('guest_cart_lines')
    .values(lines.map((l) => ({ followup_id: followupId, variant_id: l.variantId, quantity: l.quantity })))
    .execute();
}

/** Up to `limit` carts whose reminder is due at `nowIso`, oldest first (index cart_followups_due). */
export async function dueFollowups(db: DB, nowIso: string, limit: number) {
  return db
    .selectFrom('cart_followups')
    .select(['followup_id', 'user_id', 'guest_email', 'due_at', 'reminders_sent'])
    .where('due_at', '<=', nowIso)
    .orderBy('due_at')
    .orderBy('followup_id')
    .limit(limit)
    .execute();
}

/**
 * Claims one reminder of a cart: moves its round on only if it still stands as read (same count, same due time), so
 * of two runs (or two processes) exactly one updates the row and queues the e-mail.
 */
export async function claimReminder(
  db: DB,
  row: { followup_id: number; reminders_sent: number; due_at: string },
  nextDueAt: string | null,
): Promise<boolean> {
  const r = await db
    .updateTable('cart_followups')
    .set({ reminders_sent: row.reminders_sent + 1, due_at: nextDueAt })
    .where('followup_id', '=', row.followup_id)
    .where('reminders_sent', '=', row.reminders_sent)
    .where('due_at', '=', row.due_at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function guestLinesOf(db: DB, followupIds: number[]) {
  if (followupIds.length === 0) return [];
  return db
    .selectFrom('guest_cart_lines')
    .select(['followup_id', 'variant_id', 'quantity'])
    .where('followup_id', 'in', followupIds)
    .orderBy('followup_id')
    .orderBy('variant_id')
    .execute();
}

export async function optedOut(db: DB, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.selectFrom('cart_reminder_optouts').select('email').where('email', 'in', emails).execute();
  return new Set(rows.map((r) => r.email));
}

export async function addOptout(db: DB, email: string, nowIso: string) {
  await db
    .insertInto('cart_reminder_optouts')
    .values({ email, created_at: nowIso })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

export async function insertReminder(
  db: DB,
  row: {
    followup_id: number;
    user_id: number | null;
    email: string;
    sequence: number;
    sent_at: string;
    value_cents: number;
  },
) {
  const r = await db.insertInto('cart_reminders').values(row).returning('reminder_id').executeTakeFirstOrThrow();
  return r.reminder_id;
}

export async function reminderById(db: DB, reminderId: number) {
  return db
    .selectFrom('cart_reminders')
    .select(['reminder_id', 'followup_id'])
    .where('reminder_id', '=', reminderId)
    .executeTakeFirst();
}

export async function setReminderToken(db: DB, reminderId: number, hash: string, expiresAt: string) {
  await db
    .updateTable('cart_reminders')
    .set({ token_hash: hash, token_expires_at: expiresAt })
    .where('reminder_id', '=', reminderId)
    .execute();
}

export async function reminderByToken(db: DB, hash: string) {
  return db
    .selectFrom('cart_reminders as r')
    .leftJoin('cart_followups as f', 'f.followup_id', 'r.followup_id')
    .select(['r.reminder_id', 'r.followup_id', 'r.email', 'r.token_expires_at', 'f.user_id', 'f.guest_email'])
    .where('r.token_hash', '=', hash)
    .executeTakeFirst();
}

/** The owner's latest reminder sent since `fromIso` that no order has come back from yet. */
export async function latestOpenReminder(
  db: DB,
  owner: { userId: number | null; email: string | null },
  fromIso: string,
) {
  let s = db
    .selectFrom('cart_reminders')
    .select('reminder_id')
    .where('sent_at', '>=', fromIso)
    .where('order_id', 'is', null)
    .orderBy('sent_at', 'desc')
    .limit(1);
  s = s.where((eb) => {
    const ors = [];
    if (owner.userId !== null) ors.push(eb('user_id', '=', owner.userId));
    if (owner.email) ors.push(eb('email', '=', owner.email));
    return eb.or(ors);
  });
  return s.executeTakeFirst();
}

export async function markRecovered(db: DB, reminderId: number, orderId: number, cents: number, atIso: string) {
  const r = await db
    .updateTable('cart_reminders')
    .set({ order_id: orderId, recovered_cents: cents, recovered_at: atIso })
    .where('reminder_id', '=', reminderId)
    .where('order_id', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The reports' figures for [fromIso, toIso): carts reminded (first reminders) and their value; orders that came back. */
export async function reminderFigures(db: DB, fromIso: string, toIso: string) {
  const sent = await db
    .selectFrom('cart_reminders')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('reminders'),
      eb.fn.sum<number | string | null>(eb.case().when('sequence', '=', 1).then(1).else(0).end()).as('carts'),
      eb.fn
        .sum<number | string | null>(eb.case().when('sequence', '=', 1).then(eb.ref('value_cents')).else(0).end())
        .as('value'),
    ])
    .where('sent_at', '>=', fromIso)
    .where('sent_at', '<', toIso)
    .executeTakeFirstOrThrow();
  const back = await db
    .selectFrom('cart_reminders')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('orders'),
      eb.fn.sum<number | string | null>('recovered_cents').as('revenue'),
    ])
    .where('recovered_at', '>=', fromIso)
    .where('recovered_at', '<', toIso)
    .executeTakeFirstOrThrow();
  return { sent, back };
}
