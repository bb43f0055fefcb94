// Account input schemas (sign-up, login, social login, profile), shared by the account page and the server.
import { z } from 'zod';
import { messages } from '../messages';
import { accountMessages } from '../messages/account';
import { idSchema } from './numbers';
import { personName, phoneField } from './person';

const m = accountMessages.account;
const required = messages.common.required;

/** Argon2 costs grow with input length; cap passwords well above any real one. */
export const PASSWORD_MAX = 128;
export const PASSWORD_MIN = 8;

export const emailField = z
  .string({ message: required })
  .trim()
  .min(1, required)
  .max(254, m.invalidEmail)
  .pipe(z.email({ message: m.invalidEmail }));

/** At least 8 characters, an uppercase letter and a symbol (a non-word character). */
export function passwordMeetsRules(v: string): boolean {
  return v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX && /\p{Lu}/u.test(v) && /[^\w\s]/.test(v);
}

// Trimmed like every sign-up value (spec), and login trims too, so the two always agree.
export const passwordRules = z
  .string({ message: required })
  .trim()
  .min(1, required)
  .refine(passwordMeetsRules, m.passwordRules);

/** A new password, or '' for "no change". */
const optionalNewPassword = z
  .string({ message: required })
  .trim()
  .refine((v) => v === '' || passwordMeetsRules(v), m.passwordRules);

export const RegisterUserInput = z.object({
  firstName: personName(60, required, m.firstNameCapital),
  lastName: personName(60, required, m.lastNameCapital),
  phoneNumber: phoneField(required, m.invalidPhone),
  email: emailField,
  password: passwordRules,
  /** The client sends 1; self sign-up always creates a customer whatever is sent. */
  roleID: idSchema().nullish(),
});
export type RegisterUserInput = z.infer<typeof RegisterUserInput>;

/** The sign-up form: the same rules plus the repeated password. */
export const SignUpFormInput = RegisterUserInput.extend({
  confirmPassword: z.string({ message: required }).trim().min(1, required),
}).refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: m.passwordsMismatch });
export type SignUpFormInput = z.infer<typeof SignUpFormInput>;

export const LoginInput = z.object({
  email: z.string({ message: required }).trim().min(1, required).max(254, m.invalidCredentials),
  password: z.string({ message: required }).trim().min(1, required).max(PASSWORD_MAX, m.invalidCredentials),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The spec's payload; only provider and idToken are trusted, after the server verifies the token. */
export const SocialLoginInput = z.object({
  email: z.string().trim().max(254).optional().nullable(),
  name: z.string().trim().max(200).optional().nullable(),
  uid: z.string().trim().max(200).optional().nullable(),
  provider: z.enum(SOCIAL_PROVIDERS, { message: m.socialLoginIssue }),
  idToken: z
    .string({ message: m.socialTokenInvalid })
    .trim()
    .min(1, m.socialTokenInvalid)
    .max(8192, m.socialTokenInvalid),
});
export type SocialLoginInput = z.infer<typeof SocialLoginInput>;

/** The names and phone of the profile: the sign-up rules (names stored with capitals, the phone in one form). */
const profileDetails = {
  firstName: personName(60, required, m.firstNameCapital),
  lastName: personName(60, required, m.lastNameCapital),
  phoneNumber: phoneField(required, m.invalidPhone),
};

/**
 * Profile update: the names and phone when given (decision 259: they keep no access, so no proof); an empty or
 * absent password means "no change". A new password needs the current one (decision 207): a stolen 15-minute access
 * token alone must not be enough to lock the owner out.
 */
export const UpdateProfileInput = z
  .object({
    firstName: profileDetails.firstName.optional(),
    lastName: profileDetails.lastName.optional(),
    phoneNumber: profileDetails.phoneNumber.optional(),
    password: optionalNewPassword.default(''),
    currentPassword: z.string().max(PASSWORD_MAX, m.currentPasswordWrong).optional(),
  })
  .refine((v) => v.password === '' || (v.currentPassword ?? '').length > 0, {
    path: ['currentPassword'],
    message: m.currentPasswordRequired,
  });
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

/** The profile form: the current password, the new one and its repeat; an empty new password means nothing to change. */
export const ProfileFormInput = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX, m.currentPasswordWrong),
    password: optionalNewPassword,
    confirmPassword: z.string().trim(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: m.passwordsMismatch })
  .refine((v) => v.password === '' || v.currentPassword.length > 0, {
    path: ['currentPassword'],
    message: m.currentPasswordRequired,
  });
export type ProfileFormInput = z.infer<typeof ProfileFormInput>;

/** The profile's form of names and phone (decision 259). */
export const ProfileDetailsForm = z.object(profileDetails);
export type ProfileDetailsForm = z.infer<typeof ProfileDetailsForm>;

const currentPasswordGiven = z
  .string({ message: m.currentPasswordRequired })
  .min(1, m.currentPasswordRequired)
  .max(PASSWORD_MAX, m.currentPasswordWrong);

/**
 * POST /api/users/profile/email (decision 259): the new e-mail and the current password, its proof. Nothing changes
 * until the new address opens the link e-mailed to it.
 */
export const RequestEmailChangeInput = z.object({ email: emailField, currentPassword: currentPasswordGiven });
export type RequestEmailChangeInput = z.infer<typeof RequestEmailChangeInput>;

/** POST /api/users/profile/email/confirm: the token of the link e-mailed to the new address. */
export const ConfirmEmailChangeInput = z.object({
  token: z
    .string({ message: accountMessages.emailChange.badLink })
    .trim()
    .min(1, accountMessages.emailChange.badLink)
    .max(200, accountMessages.emailChange.badLink),
});
export type ConfirmEmailChangeInput = z.infer<typeof ConfirmEmailChangeInput>;

/** POST /api/users/step-up (decision 237): the password, or a code from the app or a recovery code. */
export const StepUpInput = z.object({
  passwordOrCode: z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(PASSWORD_MAX, accountMessages.stepUp.wrong),
});
export type StepUpInput = z.infer<typeof StepUpInput>;

/** POST /api/users/forgot-password: the account's e-mail (the answer never tells whether it exists). */
export const ForgotPasswordInput = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

/** POST /api/users/reset-password: the token from the e-mail and the new password (sign-up rules). */
export const ResetPasswordInput = z.object({
  token: z.string({ message: m.resetTokenInvalid }).trim().min(1, m.resetTokenInvalid).max(200, m.resetTokenInvalid),
  password: passwordRules,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** The reset page's form: the new password twice. */
export const ResetPasswordForm = z
  .object({ password: passwordRules, confirmPassword: z.string().trim() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: m.passwordsMismatch });

/** One of the caller's sessions, by the opaque number the session list shows (issue 28). */
export const SessionIdInput = z.object({ id: idSchema() });
export type SessionIdInput = z.infer<typeof SessionIdInput>;
