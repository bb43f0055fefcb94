// Answer schemas of the contact thread DTOs (contact.ts), each the interface's twin, for /api/openapi.json (decision 211).
import { z } from 'zod';
import { ContactMessageReply } from './catalog.schemas';
import type { ContactReplyDto, ContactThreadDto } from './contact';
import { MailStatusReply } from './mail.schemas';
import { twin } from './twin';

export const ContactReplyReply = twin<ContactReplyDto>()(
  z.object({
    replyID: z.number(),
    createdAt: z.string(),
    userID: z.number().nullable(),
    userName: z.string().nullable(),
    body: z.string(),
    mailID: z.number().nullable(),
    mailStatus: MailStatusReply.nullable(),
    mailSentAt: z.string().nullable(),
    mailError: z.string().nullable(),
  }),
);
export const ContactThreadReply = twin<ContactThreadDto>()(
  z.object({ message: ContactMessageReply, replies: z.array(ContactReplyReply) }),
);
