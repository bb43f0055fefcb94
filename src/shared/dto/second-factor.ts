// Two-step sign-in answers (issue 28, decision 225): one zod schema each, its type inferred (decision 264); the
// schemas document the answers in /api/openapi.json. The secret appears in exactly one answer, the setup's.
import { z } from 'zod';

/** A password or social login's answer for an account with a second factor: no tokens yet, a short-lived challenge. */
export const LoginChallengeReply = z.object({ secondFactorRequired: z.literal(true), challenge: z.string() });
export type LoginChallengeDto = z.infer<typeof LoginChallengeReply>;

/** The caller's own second factor, without any secret. */
export const SecondFactorStatusReply = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 when off). */
  recoveryCodesLeft: z.number(),
  /** Staff without a second factor while the administrator requires one: the dashboard stays closed until set up. */
  mustSetUp: z.boolean(),
  /** The administrator requires it of this account (staff or administrator): it cannot be turned off. */
  required: z.boolean(),
});
export type SecondFactorStatusDto = z.infer<typeof SecondFactorStatusReply>;

/** The setup's only answer holding the secret: the otpauth:// address as a QR code (SVG) and the base32 to type. */
export const SecondFactorSetupReply = z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() });
export type SecondFactorSetupDto = z.infer<typeof SecondFactorSetupReply>;

/** Recovery codes as shown, once. */
export const RecoveryCodesReply = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesDto = z.infer<typeof RecoveryCodesReply>;

export const StaffSecuritySettingsReply = z.object({ requireStaffSecondFactor: z.boolean() });
export type StaffSecuritySettingsDto = z.infer<typeof StaffSecuritySettingsReply>;

export const UserSecondFactorReply = z.object({ enabled: z.boolean() });
export type UserSecondFactorDto = z.infer<typeof UserSecondFactorReply>;
