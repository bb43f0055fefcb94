// The administrators' screen of accounts (decision 211): list, create with a role, edit, delete. Part of the accounts
// module, which owns the users and roles tables; its tRPC router name stays `users`, its REST paths /api/Users.
import { ListUsersInput } from '../../../shared/schemas/paging';
import { CreateUserInput, UpdateUserInput, UserIdInput } from '../../../shared/schemas/users';
import { mutation, query } from '../../operations/define';
import { bodyAgreeingWithId, listReply, pathIds } from '../../operations/rest-shapes';
import * as svc from './users-admin.service';
import { UserReply } from '../../../shared/dto/users.schemas';
import { z } from 'zod';

const byId = pathIds({ id: 'id' });

export const usersOperations = {
  /** The spec's array (at most LIST_CAP users without a pageSize); the dashboard uses `page`. */
  list: query({
    access: 'admin',
    output: z.array(UserReply),
    input: ListUsersInput,
    run: (caller, input) => svc.listUsers(caller, input),
    trpc: (page) => page.items,
    rest: { method: 'GET', path: '/Users', reply: listReply },
  }),
  /** One page of users with the total (decision 134). */
  page: query({ access: 'admin', input: ListUsersInput, run: (caller, input) => svc.pageUsers(caller, input) }),
  get: query({
    access: 'admin',
    output: UserReply,
    input: UserIdInput,
    run: (caller, input) => svc.getUser(caller, input.id),
    rest: { method: 'GET', path: '/Users/:id', input: byId },
  }),
  create: mutation({
    access: 'admin',
    output: UserReply,
    input: CreateUserInput,
    run: (caller, input) => svc.createUser(caller, input),
    rest: { method: 'POST', path: '/Users/register', status: 201 },
  }),
  update: mutation({
    access: 'admin',
    output: UserReply,
    input: UpdateUserInput,
    run: (caller, input) => svc.updateUser(caller, input.userID, input),
    rest: { method: 'PUT', path: '/Users/:id', input: bodyAgreeingWithId('userID') },
  }),
  remove: mutation({
    access: 'admin',
    input: UserIdInput,
    run: async (caller, input) => {
      await svc.deleteUser(caller, input.id);
      return { ok: true as const };
    },
    rest: { method: 'DELETE', path: '/Users/:id', status: 204, input: byId },
  }),
};
