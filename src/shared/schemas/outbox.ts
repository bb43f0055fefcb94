// Inputs of the staff outbox screen: the paging contract (decision 134) plus a status filter.
import { z } from 'zod';
import { staffMessages } from '../messages-staff';
import { idSchema } from './numbers';
import { pagingFields } from './paging';

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/** GET /api/Emails and outbox.page. */
export const ListOutboxInput = z
  .object({
    ...pagingFields,
    status: z.enum(OUTBOX_STATUSES, { message: staffMessages.outbox.invalidStatus }).optional(),
  })
  .default({});
export type ListOutboxInput = z.infer<typeof ListOutboxInput>;

/** outbox.byId / outbox.resend. */
export const OutboxIdInput = z.object({ id: idSchema() });
