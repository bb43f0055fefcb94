// User answers for the dashboard user screens, identical over tRPC and REST (never a password hash): one zod schema,
// its type inferred (decision 264); the schema documents the answer in /api/openapi.json.
import { z } from 'zod';

export const UserReply = z.object({
  userID: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  roleID: z.number(),
  roleName: z.string(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof UserReply>;
