// Inputs of the staff outbox screen: the paging contract (decision 134) plus a status filter.
import { z } from 'zod';
import { staffMessages } from '../messages-staff';
import { idSchema } from './numbers';
import { pagingFields } from './paging';

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/** GET /api/Emails and mail.page. */
export const ListMailInput = z
  .object({
    ...pagingFields,
    status: z.enum(MAIL_STATUSES, { message: staffMessages.emails.invalidStatus }).optional(),
  })
  .default({});
export type ListMailInput = z.infer<typeof ListMailInput>;

/** mail.byId / mail.resend. */
export const MailIdInput = z.object({ id: idSchema() });
