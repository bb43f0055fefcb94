// The staff outbox screen (issue 13): every message with its status, attempts and last error, a rendered preview,
// and "resend" for failed ones (back to the queue with fresh attempts; the worker is woken at once).
import type { OutboxMessageDto, OutboxRowDto } from '#shared/dto/outbox';
import { staffMessages } from '#shared/messages-staff';
import type { ListOutboxInput } from '#shared/schemas/outbox';
import { pageWindow, searchWords, type Page } from '#shared/schemas/paging';
import type { DB } from '#server/db/client';
import { AppError } from '#server/errors';
import { notifyMailQueued } from './outbox.service';
import { audited } from '../audit';
import * as q from './outbox-admin.queries';
import { withPlaceholder } from './secret-links';

type Row = Awaited<ReturnType<typeof q.pageOutbox>>['rows'][number];

const toRow = (r: Row): OutboxRowDto => ({
  mailID: r.mail_id,
  kind: r.kind,
  recipient: r.recipient,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.last_error,
  orderID: r.order_id,
  createdAt: r.created_at,
  sentAt: r.sent_at,
  nextAttemptAt: r.next_attempt_at,
});

export async function pageOutbox(db: DB, input: ListOutboxInput): Promise<Page<OutboxRowDto>> {
  const { page, pageSize, limit, offset } = pageWindow(input);
  const { rows, total } = await q.pageOutbox(db, searchWords(input.q), input.status, limit, offset);
  return { items: rows.map(toRow), total, page, pageSize };
}

export async function outboxMessage(db: DB, id: number): Promise<OutboxMessageDto> {
  const r = await q.outboxMessage(db, id);
  if (!r) throw new AppError('NOT_FOUND', staffMessages.outbox.notFound);
  // One-time links are never stored (decision 207); the placeholder where one goes is shown as a clear label.
  const body = withPlaceholder({ html: r.html, text: r.text_body }, staffMessages.outbox.secretPlaceholder);
  return { ...toRow(r), replyTo: r.reply_to, ...body, bodyClearedAt: r.body_cleared_at };
}

/** What the audit trail records of an e-mail (decision 228): its delivery state, never its body. */
async function mailAuditState(db: DB, id: number) {
  const r = await q.outboxMessage(db, id);
  return r
    ? { recipient: r.recipient, subject: r.subject, status: r.status, attempts: r.attempts, last_error: r.last_error }
    : null;
}

/**
 * 404 for an unknown message, 409 for one that is not failed (queued, being sent or sent). The answer is the
 * message as requeued: read in the requeue's transaction, before the worker is woken (a worker could otherwise
 * claim it between the two, and staff would be shown "sending").
 */
export async function resendFailed(db: DB, id: number, now = new Date()): Promise<OutboxMessageDto> {
  const requeued = await audited(
    db,
    { entity: 'email', action: 'resend', entityId: id },
    mailAuditState,
    async (trx) => {
      if (!(await q.requeueFailed(trx, id, now.toISOString()))) {
        await outboxMessage(trx, id);
        throw new AppError('CONFLICT', staffMessages.outbox.onlyFailed);
      }
      return outboxMessage(trx, id);
    },
  );
  notifyMailQueued();
  return requeued;
}
