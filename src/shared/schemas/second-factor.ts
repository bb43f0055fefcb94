// Two-step sign-in inputs (issue 28, decision 225), shared by the profile's and the login's forms and the server.
import { z } from 'zod';
import { messages } from '../messages';
import { PASSWORD_MAX } from './accounts';
import { accountMessages } from '../messages/account';

const m = accountMessages.secondFactor;

/** A 6-digit code from the app or a recovery code ("xxxxx-xxxxx"); spaces are allowed while typing. */
export const secondFactorCode = z
  .string({ message: m.codeRequired })
  .trim()
  .min(1, m.codeRequired)
  .max(40, m.codeInvalid);

/** Just a 6-digit code from the app (confirming the setup, new recovery codes). */
export const appCode = z
  .string({ message: m.codeRequired })
  .trim()
  .min(1, m.codeRequired)
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => /^\d{6}$/.test(v), m.codeInvalid);

export const LoginSecondFactorInput = z.object({
  challenge: z.string({ message: m.challengeExpired }).trim().min(1, m.challengeExpired).max(2000, m.challengeExpired),
  code: secondFactorCode,
});
export type LoginSecondFactorInput = z.infer<typeof LoginSecondFactorInput>;

export const AppCodeInput = z.object({ code: appCode });
export type AppCodeInput = z.infer<typeof AppCodeInput>;

/** Turning it off: the password, or a code (app or recovery) for an account without a password. */
export const DisableSecondFactorInput = z.object({
  passwordOrCode: z
    .string({ message: messages.common.required })
    .trim()
    .min(1, messages.common.required)
    .max(PASSWORD_MAX, m.codeInvalid),
});
export type DisableSecondFactorInput = z.infer<typeof DisableSecondFactorInput>;

export const StaffSecuritySettingsInput = z.object({ requireStaffSecondFactor: z.boolean() });
export type StaffSecuritySettingsInput = z.infer<typeof StaffSecuritySettingsInput>;
