// Staff replies to contact messages (issue 35 point 11, decision 257). A reply is a row of contact_replies and an
// e-mail in the outbox, written in ONE transaction with the message marked replied and the audit row: never a reply
// without its e-mail, never an e-mail without its reply. The e-mail goes from the shop's address (MAIL_FROM) with
// Reply-To the shop's inbox (SHOP_EMAIL), signed by the shop; the staff member's own address appears nowhere.
import { z } from 'zod';
import type { ContactReplyDto, ContactThreadDto } from '#shared/dto/contact';
import { contactMessages } from '#shared/messages/contact';
import { staffMessages } from '#shared/messages-staff';
import type { ContactReplyInput } from '#shared/schemas/contact-replies';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/errors';
import { displayNames, type Actor } from '../accounts';
import { recordAudit } from '../audit';
import { contactReplyMail, enqueueMail, mailSettings, mailStates, notifyMailQueued, type MailState } from '../outbox';
import { toDto } from './contact.service';
import * as q from './contact.queries';

type Deps = Pick<AppDeps, 'db' | 'config'>;

const notFound = () => new AppError('NOT_FOUND', contactMessages.contact.messageNotFound);

/** An address the e-mail can go to (messages stored before the form checked it may hold anything). */
const ADDRESS = z.email();
const replyAddress = (email: string): string | null => {
  const trimmed = email.trim();
  return ADDRESS.safeParse(trimmed).success ? trimmed : null;
};

/** Queues the reply's e-mail to the message's sender, records the reply and marks the message replied; the thread after. */
export async function replyToMessage(
  deps: Deps,
  input: ContactReplyInput,
  actor: Actor | null,
  now: Date = new Date(),
): Promise<ContactThreadDto> {
  await deps.db.transaction().execute(async (trx) => {
    const message = await q.messageById(trx, input.id);
    if (!message) throw notFound();
    const to = replyAddress(message.email);
    if (!to) throw new AppError('CONFLICT', staffMessages.contactReplies.noEmail);
    // The update takes the row's lock (PostgreSQL), so the message cannot be deleted under the reply.
    if (!(await q.markReplied(trx, input.id))) throw notFound();
    const mail = contactReplyMail({
      name: message.name,
      reply: input.body,
      original: message.message,
      originalAt: message.created_at,
    });
    const mailId = await enqueueMail(
      trx,
      { kind: 'contact_reply', to, replyTo: mailSettings(deps.config).shopEmail, ...mail },
      now,
    );
    const userId = actor?.userId ?? null;
    await q.insertReply(trx, { contactId: input.id, userId, body: input.body, mailId, atIso: now.toISOString() });
    await recordAudit(trx, {
      entity: 'contact',
      entityId: input.id,
      action: 'email-reply',
      before: { is_replied: message.is_replied },
      after: { is_replied: 1, reply: input.body, recipient: to },
    });
  });
  notifyMailQueued();
  return messageThread(deps, input.id);
}

type ReplyRow = Awaited<ReturnType<typeof q.repliesOf>>[number];

const replyDto = (r: ReplyRow, names: Map<number, string>, mails: Map<number, MailState>): ContactReplyDto => {
  const mail = r.mail_id === null ? undefined : mails.get(r.mail_id);
  return {
    replyID: r.reply_id,
    createdAt: r.created_at,
    userID: r.user_id,
    userName: r.user_id === null ? null : (names.get(r.user_id) ?? null),
    body: r.body,
    mailID: mail ? r.mail_id : null,
    mailStatus: mail?.status ?? null,
    mailSentAt: mail?.sentAt ?? null,
    mailError: mail?.lastError ?? null,
  };
};

/** The message and its replies, oldest first, each with who wrote it and where its e-mail stands. */
export async function messageThread(deps: Pick<AppDeps, 'db'>, id: number): Promise<ContactThreadDto> {
  const message = await q.messageById(deps.db, id);
  if (!message) throw notFound();
  const rows = await q.repliesOf(deps.db, id);
  const names = await displayNames(
    deps,
    rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])),
  );
  const mails = await mailStates(
    deps.db,
    rows.flatMap((r) => (r.mail_id === null ? [] : [r.mail_id])),
  );
  return { message: toDto(message), replies: rows.map((r) => replyDto(r, names, mails)) };
}
