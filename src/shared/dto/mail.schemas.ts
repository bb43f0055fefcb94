// Answer schemas of the outbox DTOs (mail.ts), each the interface's twin, for /api/openapi.json (decision 211).
import { z } from 'zod';
import type { MailStatusDto, OutboxMessageDto, OutboxRowDto } from './mail';
import { twin } from './twin';

export const MailStatusReply = twin<MailStatusDto>()(z.enum(['queued', 'sending', 'sent', 'failed']));
export const OutboxRowReply = twin<OutboxRowDto>()(
  z.object({
    mailID: z.number(),
    kind: z.string(),
    recipient: z.string(),
    subject: z.string(),
    status: MailStatusReply,
    attempts: z.number(),
    lastError: z.string().nullable(),
    orderID: z.number().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    nextAttemptAt: z.string(),
  }),
);
export const OutboxMessageReply = twin<OutboxMessageDto>()(
  OutboxRowReply.extend({
    replyTo: z.string().nullable(),
    html: z.string(),
    text: z.string(),
    bodyClearedAt: z.string().nullable(),
  }),
);
