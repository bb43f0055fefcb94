// The contact module's operations (decision 211): send (public, limited); list, page, markReplied, remove, and the
// thread of a message with the reply that e-mails its sender (staff, decision 257).
import { z } from 'zod';
import { messages } from '#shared/messages';
import { contactMessages } from '#shared/messages/contact';
import { staffMessages } from '#shared/messages-staff';
import { ContactInput } from '#shared/schemas/contact';
import { ListMessagesInput } from '#shared/schemas/paging';
import { mutation, query } from '#server/operations/define';
import { bodyWithId, listReply, pathIds } from '#server/operations/rest-shapes';
import * as contact from './contact.service';
import * as replies from './contact-replies.service';
import { ContactMessageReply } from '#shared/dto/contact';
import { ContactThreadReply } from '#shared/dto/contact';
import { ContactReplyInput } from '#shared/schemas/contact-replies';

const IdInput = z.object({
  id: z
    .number({ message: messages.common.invalidId })
    .int(messages.common.invalidId)
    .positive(messages.common.invalidId),
});

export const contactOperations = {
  send: mutation({
    access: 'public',
    output: ContactMessageReply,
    limit: 'contact',
    input: ContactInput,
    run: (caller, input) => contact.sendMessage(caller.db, input, caller.config),
    rest: {
      method: 'POST',
      path: '/Contact',
      status: 201,
      output: z.object({ Message: z.string(), contact: ContactMessageReply }),
      reply: (c, saved) => c.json({ Message: contactMessages.contact.success, contact: saved }, 201),
    },
  }),
  /** The spec's array (at most LIST_CAP messages without a pageSize); the dashboard uses `page`. */
  list: query({
    access: 'staff',
    output: z.array(ContactMessageReply),
    input: ListMessagesInput,
    run: (caller, input) => contact.listMessages(caller.db, input),
    trpc: (page) => page.items,
    rest: { method: 'GET', path: '/Contact', reply: listReply },
  }),
  /** One page of messages with the total (decision 134). */
  page: query({
    access: 'staff',
    input: ListMessagesInput,
    run: (caller, input) => contact.pageMessages(caller.db, input),
  }),
  markReplied: mutation({
    access: 'staff',
    output: ContactMessageReply,
    input: IdInput,
    run: (caller, input) => contact.markReplied(caller.db, input.id),
    rest: { method: 'PUT', path: '/Contact/mark-replied/:id', input: pathIds({ id: 'id' }) },
  }),
  /** A message with its replies, oldest first, and the state of each reply's e-mail (decision 257). */
  thread: query({
    access: 'staff',
    output: ContactThreadReply,
    input: IdInput,
    run: (caller, input) => replies.messageThread(caller, input.id),
    rest: { method: 'GET', path: '/Contact/:id', input: pathIds({ id: 'id' }) },
  }),
  /** E-mails the sender a reply through the outbox and keeps it in the thread, in one transaction (decision 257). */
  reply: mutation({
    access: 'staff',
    output: ContactThreadReply,
    input: ContactReplyInput,
    run: (caller, input) => replies.replyToMessage(caller, input, caller.actor),
    rest: { method: 'POST', path: '/Contact/:id/Replies', status: 201, input: bodyWithId('id') },
  }),
  remove: mutation({
    access: 'staff',
    output: z.object({ contactID: z.number() }),
    input: IdInput,
    run: async (caller, input) => {
      await contact.deleteMessage(caller.db, input.id);
      return { contactID: input.id };
    },
    rest: {
      method: 'DELETE',
      path: '/Contact/:id',
      input: pathIds({ id: 'id' }),
      output: z.object({ Message: z.string(), contactID: z.number() }),
      reply: (c, out) => c.json({ Message: staffMessages.dashboard.deleted, ...out }),
    },
  }),
};
