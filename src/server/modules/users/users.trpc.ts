// tRPC procedures of the dashboard users module (administrators only): parse -> service -> DTO.
import { CreateUserInput, UpdateUserInput, UserIdInput } from '../../../shared/schemas/users';
import { adminProcedure, router } from '../../trpc/init';
import * as svc from './users.service';

export const usersRouter = router({
  list: adminProcedure.query(({ ctx }) => svc.listUsers(ctx)),
  get: adminProcedure.input(UserIdInput).query(({ ctx, input }) => svc.getUser(ctx, input.id)),
  create: adminProcedure.input(CreateUserInput).mutation(({ ctx, input }) => svc.createUser(ctx, input)),
  update: adminProcedure.input(UpdateUserInput).mutation(({ ctx, input }) => svc.updateUser(ctx, input.userID, input)),
  remove: adminProcedure.input(UserIdInput).mutation(async ({ ctx, input }) => {
    await svc.deleteUser(ctx, input.id);
    return { ok: true as const };
  }),
});
