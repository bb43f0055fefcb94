// Zod inputs for the dashboard user screens (admin only), shared by the forms and the server.
import { z } from 'zod';
import { messages } from '../messages';

const req = messages.common.required;
const id = z.coerce.number({ message: messages.common.invalidId }).int(messages.common.invalidId).positive(messages.common.invalidId);
const text = (max: number) =>
  z.preprocess((v) => (v == null ? '' : v), z.string({ message: req }).trim().min(1, { message: req }).max(max, { message: messages.common.invalidInput }));

/** Same strength rule as sign-up: 8+ characters, an uppercase letter and a symbol. */
export const staffPassword = z
  .string({ message: req })
  .min(1, { message: req })
  .max(200, { message: messages.account.passwordRules })
  .refine((p) => p.length >= 8 && /[A-Z]/.test(p) && /[^A-Za-z0-9]/.test(p), { message: messages.account.passwordRules });

const roleField = z.preprocess(
  (v) => (v === '' || v == null ? undefined : v),
  z.coerce.number({ message: req }).int({ message: messages.dashboardSales.roleNotFound }).positive({ message: messages.dashboardSales.roleNotFound }),
);

const userFields = {
  firstName: text(80),
  lastName: text(80),
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v == null ? '' : v),
    z.string({ message: req }).min(1, { message: req }).max(254, { message: messages.account.invalidEmail }).pipe(z.email({ message: messages.account.invalidEmail })),
  ),
  phoneNumber: text(40),
  roleID: roleField,
};

export const CreateUserInput = z.object({ ...userFields, password: staffPassword });
export type CreateUserInput = z.infer<typeof CreateUserInput>;

/** Edit never changes the password (the spec's edit form has none). */
export const UpdateUserInput = z.object({ userID: id, ...userFields });
export type UpdateUserInput = z.infer<typeof UpdateUserInput>;

export const UserIdInput = z.object({ id });
