// The contact form payload, validated identically by the contact page and POST /api/Contact.
import { z } from 'zod';
import { messages } from '../messages';

const m = messages.contact;

const required = (message: string, max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ message }).min(1, message).max(max, m.tooLong));

export const ContactInput = z.object({
  name: required(m.nameRequired, 200),
  phone: required(m.phoneRequired, 50),
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ message: m.emailRequired }).min(1, m.emailRequired).max(254, m.tooLong).pipe(z.email({ message: m.invalidEmail })),
  ),
  message: required(m.messageRequired, 5000),
});
export type ContactInput = z.infer<typeof ContactInput>;

export const ContactIdInput = z.object({
  id: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number({ message: messages.common.invalidId }).int(messages.common.invalidId).positive(messages.common.invalidId)),
});
