// The staff outbox screen's shapes (/dashboard/emails, GET /api/Emails).
export type MailStatusDto = 'queued' | 'sending' | 'sent' | 'failed';

export interface OutboxRowDto {
  mailID: number;
  kind: string;
  recipient: string;
  subject: string;
  status: MailStatusDto;
  attempts: number;
  lastError: string | null;
  orderID: number | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
}

export interface OutboxMessageDto extends OutboxRowDto {
  replyTo: string | null;
  /** Empty once the body was cleared (bodyClearedAt set). */
  html: string;
  text: string;
  /** When the body of this sent message was cleared, MAIL_KEEP_DAYS after sending (decision 241); null while kept. */
  bodyClearedAt: string | null;
}
