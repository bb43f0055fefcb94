// tRPC procedures of the dashboard users module (administrators only): parse -> service -> DTO.
import { CreateUserInput, UpdateUserInput, UserIdInput } from '../../../shared/schemas/users';
import { ListUsersInput } from '../../../shared/schemas/paging';
import { adminProcedure, router } from '../../trpc/init';
import * as svc from './users.service';

export const usersRouter = router({
  /** The spec's array (at most LIST_CAP users without a pageSize); the dashboard uses `page`. */
  list: adminProcedure.input(ListUsersInput).query(async ({ ctx, input }) => (await svc.listUsers(ctx, input)).items),
  /** One page of users with the total (decision 134). */
  page: adminProcedure.input(ListUsersInput).query(({ ctx, input }) => svc.pageUsers(ctx, input)),
  get: adminProcedure.input(UserIdInput).query(({ ctx, input }) => svc.getUser(ctx, input.id)),
  create: adminProcedure.input(CreateUserInput).mutation(({ ctx, input }) => svc.createUser(ctx, input)),
  update: adminProcedure.input(UpdateUserInput).mutation(({ ctx, input }) => svc.updateUser(ctx, input.userID, input)),
  remove: adminProcedure.input(UserIdInput).mutation(async ({ ctx, input }) => {
    await svc.deleteUser(ctx, input.id);
    return { ok: true as const };
  }),
});
