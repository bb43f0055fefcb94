// The administrators' screen of accounts (decision 211): list, create with a role, edit, delete. Part of the accounts
// module, which owns the users and roles tables; its tRPC router name stays `users`, its REST paths /api/Users.
import { ListUsersInput } from '#shared/schemas/paging';
import { CreateUserInput, UpdateUserInput, UserIdInput } from '#shared/schemas/users';
import { mutation, query } from '#server/operations/define';
import { bodyAgreeingWithId, listReply, pathIds } from '#server/operations/rest-shapes';
import * as svc from './users-admin.service';
import * as sessions from './session-list';
import { SessionReply, SessionsEndedReply, SignInReply } from '#shared/dto/accounts';
import { UserReply } from '#shared/dto/users';
import { z } from 'zod';
import { isStaffRole } from '#shared/roles';

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
    // A staff account is lasting access to the dashboard: the administrator's fresh proof first (decision 237).
    stepUp: { when: (input) => isStaffRole(input.roleID) },
    output: UserReply,
    input: CreateUserInput,
    run: (caller, input) => svc.createUser(caller, input),
    rest: { method: 'POST', path: '/Users/register', status: 201 },
  }),
  update: mutation({
    access: 'admin',
    // A new e-mail (where password resets go) or role: the administrator's fresh proof first (decision 237).
    stepUp: { when: (input, caller) => svc.editKeepsAccess(caller, input) },
    output: UserReply,
    input: UpdateUserInput,
    run: (caller, input) => svc.updateUser(caller, input.userID, input),
    rest: { method: 'PUT', path: '/Users/:id', input: bodyAgreeingWithId('userID') },
  }),
  // A staff member's sessions and sign-ins, and ending all of them (issue 28, decision 227): staff accounts only.
  sessions: query({
    access: 'admin',
    output: z.array(SessionReply),
    input: UserIdInput,
    run: (caller, input) => sessions.staffSessions(caller, caller.actor, input.id),
    rest: { method: 'GET', path: '/Users/:id/sessions', input: byId },
  }),
  signIns: query({
    access: 'admin',
    output: z.array(SignInReply),
    input: UserIdInput,
    run: (caller, input) => sessions.staffSignIns(caller, input.id),
    rest: { method: 'GET', path: '/Users/:id/sign-ins', input: byId },
  }),
  endAllSessions: mutation({
    access: 'admin',
    output: SessionsEndedReply,
    input: UserIdInput,
    run: (caller, input) => sessions.endAllStaffSessions(caller, caller.actor, input.id),
    rest: { method: 'POST', path: '/Users/:id/end-sessions', input: byId },
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
