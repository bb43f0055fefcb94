// Contact messages: visitors send them (public); staff list them, mark them replied and delete them.
import type { ContactMessageDto } from '#shared/dto/contact';
import { contactMessages } from '#shared/messages/contact';
import type { ContactInput } from '#shared/schemas/contact';
import type { DB } from '#server/db/client';
import { AppError } from '#server/errors';
import type { AppConfig } from '#server/config';
import { audited } from '../audit';
import { mailSettings, enqueueMail, notifyMailQueued, contactCopyMail } from '../outbox';
import {
  LIST_CAP,
  PAGE_SIZE_DEFAULT,
  pageWindow,
  searchWords,
  type ListMessagesInput,
  type Page,
} from '#shared/schemas/paging';
import * as q from './contact.queries';

type Row = Awaited<ReturnType<typeof q.insertMessage>>;

/** A stored message as the API shows it (the list, the thread of decision 257). */
export const toDto = (r: Row): ContactMessageDto => ({
  contactID: r.contact_id,
  name: r.name,
  phone: r.phone,
  email: r.email,
  message: r.message,
  isReplied: r.is_replied === 1,
  createdAt: r.created_at,
});

/** Saves the message and, in the same transaction, queues its copy to SHOP_EMAIL with reply-to the visitor (decision 170). */
export async function sendMessage(
  db: DB,
  input: ContactInput,
  config?: Pick<AppConfig, 'mail'>,
): Promise<ContactMessageDto> {
  const saved = await db.transaction().execute(async (trx) => {
    const row = await q.insertMessage(trx, input);
    await enqueueMail(trx, {
      kind: 'contact_copy',
      to: mailSettings(config ?? {}).shopEmail,
      replyTo: row.email,
      ...contactCopyMail(row),
    });
    return row;
  });
  notifyMailQueued();
  return toDto(saved);
}

/** One page of messages, newest first, with the number matching the search (decision 134). */
export async function pageMessages(
  db: DB,
  input: ListMessagesInput,
  fallbackSize = PAGE_SIZE_DEFAULT,
): Promise<Page<ContactMessageDto>> {
  const { page, pageSize, limit, offset } = pageWindow(input, fallbackSize);
  const { rows, total } = await q.pageMessages(db, searchWords(input.q), limit, offset);
  return { items: rows.map(toDto), total, page, pageSize };
}

/** The spec's array shape: at most LIST_CAP messages, newest first, when no page size is asked for. */
export async function listMessages(db: DB, input: ListMessagesInput = {}): Promise<Page<ContactMessageDto>> {
  return pageMessages(db, input, LIST_CAP);
}

/** What the audit trail records of a message (decision 228). */
async function messageState(db: DB, id: number) {
  const r = await q.messageById(db, id);
  return r ? { name: r.name, email: r.email, phone: r.phone, message: r.message, is_replied: r.is_replied } : null;
}

export async function markReplied(db: DB, id: number): Promise<ContactMessageDto> {
  await audited(db, { entity: 'contact', action: 'reply', entityId: id }, messageState, async (trx) => {
    if (!(await q.markReplied(trx, id))) throw new AppError('NOT_FOUND', contactMessages.contact.messageNotFound);
  });
  return toDto((await q.messageById(db, id))!);
}

export async function deleteMessage(db: DB, id: number): Promise<void> {
  await audited(db, { entity: 'contact', action: 'delete', entityId: id }, messageState, async (trx) => {
    if (!(await q.deleteMessage(trx, id))) throw new AppError('NOT_FOUND', contactMessages.contact.messageNotFound);
  });
}
