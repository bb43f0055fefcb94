// tRPC procedures of the staff outbox screen: the same services as GET /api/Emails, /api/Emails/{id} and resend.
import { ListMailInput, MailIdInput } from '../../../shared/schemas/mail';
import { router, staffProcedure } from '../../trpc/init';
import * as outbox from './outbox-admin.service';

export const mailRouter = router({
  page: staffProcedure.input(ListMailInput).query(({ ctx, input }) => outbox.pageOutbox(ctx.db, input)),
  byId: staffProcedure.input(MailIdInput).query(({ ctx, input }) => outbox.outboxMessage(ctx.db, input.id)),
  resend: staffProcedure.input(MailIdInput).mutation(({ ctx, input }) => outbox.resendFailed(ctx.db, input.id)),
});
