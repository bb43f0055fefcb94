// Answer schema of the dashboard user DTO (users.ts), the interface's twin, for /api/openapi.json (decision 211).
import { z } from 'zod';
import type { UserDto } from './users';
import { twin } from './twin';

export const UserReply = twin<UserDto>()(
  z.object({
    userID: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    roleID: z.number(),
    roleName: z.string(),
    createdAt: z.string(),
  }),
);
