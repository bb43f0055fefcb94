// tRPC procedures of the contact module: send (public); list, markReplied, remove (staff only).
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import { ContactInput } from '../../../shared/schemas/contact';
import { ListMessagesInput } from '../../../shared/schemas/paging';
import { limit, publicProcedure, router, staffProcedure } from '../../trpc/init';
import * as contact from './contact.service';

const IdInput = z.object({
  id: z
    .number({ message: messages.common.invalidId })
    .int(messages.common.invalidId)
    .positive(messages.common.invalidId),
});

export const contactRouter = router({
  send: publicProcedure
    .use(limit('contact'))
    .input(ContactInput)
    .mutation(({ ctx, input }) => contact.sendMessage(ctx.db, input, ctx.config)),
  /** The spec's array (at most LIST_CAP messages without a pageSize); the dashboard uses `page`. */
  list: staffProcedure
    .input(ListMessagesInput)
    .query(async ({ ctx, input }) => (await contact.listMessages(ctx.db, input)).items),
  /** One page of messages with the total (decision 134). */
  page: staffProcedure.input(ListMessagesInput).query(({ ctx, input }) => contact.pageMessages(ctx.db, input)),
  markReplied: staffProcedure.input(IdInput).mutation(({ ctx, input }) => contact.markReplied(ctx.db, input.id)),
  remove: staffProcedure.input(IdInput).mutation(async ({ ctx, input }) => {
    await contact.deleteMessage(ctx.db, input.id);
    return { contactID: input.id };
  }),
});
