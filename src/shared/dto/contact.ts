// A contact message, and its thread for the dashboard (decision 257): the message and the staff's replies, oldest
// first, each with the state of the e-mail that carries it (read from its outbox row). One zod schema each, its type
// inferred (decision 264); the schemas document the answers in /api/openapi.json.
import { z } from 'zod';
import { OutboxStatusReply } from './outbox';

/** A message from the contact form as the dashboard lists it. */
export const ContactMessageReply = z.object({
  contactID: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  message: z.string(),
  isReplied: z.boolean(),
  createdAt: z.string(),
});
export type ContactMessageDto = z.infer<typeof ContactMessageReply>;

const ContactReplyReply = z.object({
  replyID: z.number(),
  createdAt: z.string(),
  /** Who replied; null once that account is deleted. */
  userID: z.number().nullable(),
  userName: z.string().nullable(),
  body: z.string(),
  /** The e-mail's outbox row and its state; null if the row is no longer there. */
  mailID: z.number().nullable(),
  mailStatus: OutboxStatusReply.nullable(),
  mailSentAt: z.string().nullable(),
  mailError: z.string().nullable(),
});
export type ContactReplyDto = z.infer<typeof ContactReplyReply>;

export const ContactThreadReply = z.object({ message: ContactMessageReply, replies: z.array(ContactReplyReply) });
export type ContactThreadDto = z.infer<typeof ContactThreadReply>;
