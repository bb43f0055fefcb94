// Contact messages: visitors send them (public); staff list them, mark them replied and delete them.
import type { ContactMessageDto } from '../../../shared/dto/catalog';
import { messages } from '../../../shared/messages';
import type { ContactInput } from '../../../shared/schemas/contact';
import type { DB } from '../../db/client';
import { AppError } from '../../errors';
import * as q from './contact.queries';

type Row = Awaited<ReturnType<typeof q.listMessages>>[number];

const toDto = (r: Row): ContactMessageDto => ({
  contactID: r.contact_id,
  name: r.name,
  phone: r.phone,
  email: r.email,
  message: r.message,
  isReplied: r.is_replied === 1,
  createdAt: r.created_at,
});

export async function sendMessage(db: DB, input: ContactInput): Promise<ContactMessageDto> {
  return toDto(await q.insertMessage(db, input));
}

/** Newest first. */
export async function listMessages(db: DB): Promise<ContactMessageDto[]> {
  return (await q.listMessages(db)).map(toDto);
}

export async function markReplied(db: DB, id: number): Promise<ContactMessageDto> {
  if (!(await q.markReplied(db, id))) throw new AppError('NOT_FOUND', messages.contact.messageNotFound);
  return toDto((await q.messageById(db, id))!);
}

export async function deleteMessage(db: DB, id: number): Promise<void> {
  if (!(await q.deleteMessage(db, id))) throw new AppError('NOT_FOUND', messages.contact.messageNotFound);
}
