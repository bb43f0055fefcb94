// The staff outbox screen's answers (/dashboard/emails, GET /api/Emails): one zod schema each, its type inferred
// (decision 264); the schemas document the answers in /api/openapi.json.
import { z } from 'zod';

export const OutboxStatusReply = z.enum(['queued', 'sending', 'sent', 'failed']);
export type OutboxStatusDto = z.infer<typeof OutboxStatusReply>;

export const OutboxRowReply = z.object({
  mailID: z.number(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: OutboxStatusReply,
  attempts: z.number(),
  lastError: z.string().nullable(),
  orderID: z.number().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type OutboxRowDto = z.infer<typeof OutboxRowReply>;

export const OutboxMessageReply = OutboxRowReply.extend({
  replyTo: z.string().nullable(),
  /** Empty once the body was cleared (bodyClearedAt set). */
  html: z.string(),
  text: z.string(),
  /** When the body of this sent message was cleared, MAIL_KEEP_DAYS after sending (decision 241); null while kept. */
  bodyClearedAt: z.string().nullable(),
});
export type OutboxMessageDto = z.infer<typeof OutboxMessageReply>;
