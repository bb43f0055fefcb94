// Zod inputs for the dashboard user screens (admin only), shared by the forms and the server.
// The person fields follow sign-up's rules (accounts schema) so every account in the shop meets one standard.
import { z } from 'zod';
import { messages } from '../messages';
import { staffMessages } from '../messages-staff';
import { RegisterUserInput } from './accounts';
import { idSchema } from './numbers';

const req = messages.common.required;
const id = idSchema();

/** Role chosen in the form (a select sends text); whether it exists is checked by the server. */
export const roleField = idSchema(staffMessages.dashboardSales.roleNotFound, req);

export const CreateUserInput = RegisterUserInput.extend({ roleID: roleField });
export type CreateUserInput = z.infer<typeof CreateUserInput>;

/** Edit never changes the password (the spec's edit form has none). */
export const UpdateUserInput = RegisterUserInput.omit({ password: true }).extend({ userID: id, roleID: roleField });
export type UpdateUserInput = z.infer<typeof UpdateUserInput>;

export const UserIdInput = z.object({ id });
