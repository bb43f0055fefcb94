// The outbox's one write door (decision 170). Any module that must send an e-mail after a write calls
// enqueueMail with the SAME transaction (`trx`) as that write, so the message exists if and only if the write
// committed; the worker (outbox.worker.ts) sends it later. The request never waits on SMTP.
//
//   import { enqueueMail, notifyMailQueued } from '.';
//   await db.transaction().execute(async (trx) => {
//     ... the write ...
//     await enqueueMail(trx, { kind: 'order_cancelled', to: order.email, ...cancelledMail(order), orderId: order.id });
//   });
//   notifyMailQueued(); // after commit: wakes the worker now instead of at its next poll
//
// Render the subject/html/text with a function in templates/ (one folder for every e-mail). A message that carries a
// one-time secret (a reset link, a code) never puts it in the row: see secret-links.ts.
import type { DB } from '#server/db/client';
import type { MailStatus } from '#server/db/schema';
import * as q from './outbox.queries';
import type { RenderedMail } from './templates/layout';

/** What kind of message a row is (shown in the dashboard; free text so other modules can add their own). */
export type MailKind =
  | 'order_confirmation'
  | 'order_notification'
  | 'order_delivered'
  | 'order_cancelled'
  | 'order_shipped'
  | 'password_reset'
  | 'contact_copy'
  | (string & {});

export interface OutgoingMail extends RenderedMail {
  kind: MailKind;
  to: string;
  replyTo?: string | null;
  /** The order the message is about, if any (lets tests and staff find an order's e-mails). */
  orderId?: number | null;
  /**
   * A one-time secret the message carries (decision 207): the rendered body holds SECRET_LINK where the link goes,
   * and the worker asks the minter registered for `kind` to mint the link for row `ref` when it sends.
   */
  secret?: { kind: string; ref: number };
}

/** Queues one message in the caller's transaction; returns its outbox id. */
export async function enqueueMail(trx: DB, mail: OutgoingMail, now: Date = new Date()): Promise<number> {
  const iso = now.toISOString();
  return q.insertMail(trx, {
    kind: mail.kind,
    recipient: mail.to,
    reply_to: mail.replyTo ?? null,
    subject: mail.subject,
    html: mail.html,
    text_body: mail.text,
    order_id: mail.orderId ?? null,
    secret_kind: mail.secret?.kind ?? null,
    secret_ref: mail.secret?.ref ?? null,
    created_at: iso,
    next_attempt_at: iso,
  });
}

const listeners = new Set<() => void>();

/** Called after a transaction that queued mail has committed: wakes this process's worker. */
export function notifyMailQueued(): void {
  for (const listener of listeners) listener();
}

/** The worker subscribes here; returns the unsubscribe function. */
export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many e-mails are queued, being sent, sent and failed (every state named, 0 when none): the /metrics gauge. */
export async function outboxCounts(db: DB): Promise<Record<MailStatus, number>> {
  const counts: Record<MailStatus, number> = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of await q.countByStatus(db)) counts[row.status] = Number(row.n);
  return counts;
}

/** Where a queued message stands: its state, when it was sent, the last error (decision 257: a reply's e-mail). */
export interface MailState {
  status: MailStatus;
  sentAt: string | null;
  lastError: string | null;
}

/** The states of the messages `ids` (another module's rows name them); a message no longer there is absent. */
export async function mailStates(db: DB, ids: readonly number[]): Promise<Map<number, MailState>> {
  if (ids.length === 0) return new Map();
  const rows = await q.mailStatesByIds(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.mail_id, { status: r.status, sentAt: r.sent_at, lastError: r.last_error }]));
}
