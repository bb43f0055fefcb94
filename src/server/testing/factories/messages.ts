// Contact messages and e-mail outbox rows written straight to a test database.
import type { DB } from '#server/db/client';
import type { MailStatus } from '#server/db/schema';
import { next } from './seq';

/** A visitor's message from the contact form; returns its id. */
export async function createContactMessage(
  db: DB,
  opts: { name?: string; phone?: string; email?: string; message?: string; createdAt?: string } = {},
): Promise<number> {
  const n = next();
  const row = await db
    .insertInto('contact_messages')
    .values({
      name: opts.name ?? `Vizitor ${n}`,
      phone: opts.phone ?? '+38344111222',
      email: opts.email ?? `vizitor${n}@example.com`,
      message: opts.message ?? 'Pyetje për porosinë',
      ...(opts.createdAt ? { created_at: opts.createdAt } : {}),
    })
    .returning('contact_id')
    .executeTakeFirstOrThrow();
  return row.contact_id;
}

export interface OutboxMailInput {
  kind?: string;
  recipient?: string;
  subject?: string;
  html?: string;
  text?: string;
  orderId?: number | null;
  /** queued by default; 'failed' and 'sent' as the worker leaves them (give attempts, lastError, sentAt). */
  status?: MailStatus;
  attempts?: number;
  lastError?: string | null;
  sentAt?: string | null;
  /** When it was queued (also its first attempt time); now by default. */
  createdAt?: string;
  /** A sent message whose body was cleared after MAIL_KEEP_DAYS (decision 241): pass html/text '' too. */
  bodyClearedAt?: string | null;
}

/** A row of the e-mail outbox in any state; returns its id. */
export async function createOutboxMail(db: DB, input: OutboxMailInput = {}): Promise<number> {
  const at = input.createdAt ?? new Date().toISOString();
  const row = await db
    .insertInto('mail_outbox')
    .values({
      kind: input.kind ?? 'order_confirmation',
      recipient: input.recipient ?? `bleresi${next()}@example.com`,
      reply_to: null,
      subject: input.subject ?? 'Porosia juaj u pranua',
      html: input.html ?? '<p>Faleminderit</p>',
      text_body: input.text ?? 'Faleminderit',
      status: input.status ?? 'queued',
      attempts: input.attempts ?? 0,
      last_error: input.lastError ?? null,
      sent_at: input.sentAt ?? null,
      order_id: input.orderId ?? null,
      created_at: at,
      next_attempt_at: at,
      body_cleared_at: input.bodyClearedAt ?? null,
    })
    .returning('mail_id')
    .executeTakeFirstOrThrow();
  return row.mail_id;
}
