// The contact form payload, validated identically by the contact page and POST /api/Contact.
import { z } from 'zod';
import { contactMessages } from '../messages/contact';

const m = contactMessages.contact;

const required = (message: string, max: number) => z.string({ message }).trim().min(1, message).max(max, m.tooLong);

export const ContactInput = z.object({
  name: required(m.nameRequired, 200),
  phone: required(m.phoneRequired, 50),
  email: z
    .string({ message: m.emailRequired })
    .trim()
    .min(1, m.emailRequired)
    .max(254, m.tooLong)
    .pipe(z.email({ message: m.invalidEmail })),
  message: required(m.messageRequired, 5000),
});
export type ContactInput = z.output<typeof ContactInput>;
