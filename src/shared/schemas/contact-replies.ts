// The staff's reply to a contact message (decision 257): the one schema for the dashboard's reply form and the server.
// Its own file, apart from the contact form's schema, so the storefront's contact page does not carry staff texts.
import { z } from 'zod';
import { fill } from '../messages';
import { staffMessages } from '../messages-staff';
import { idSchema } from './numbers';

const r = staffMessages.contactReplies;

/** The longest reply, as long as the longest message a shopper may send. */
export const CONTACT_REPLY_MAX = 5000;

export const ContactReplyInput = z.object({
  id: idSchema(),
  body: z
    .string({ message: r.bodyRequired })
    .trim()
    .min(1, r.bodyRequired)
    .max(CONTACT_REPLY_MAX, fill(r.bodyTooLong, { max: CONTACT_REPLY_MAX })),
});
export type ContactReplyInput = z.infer<typeof ContactReplyInput>;
