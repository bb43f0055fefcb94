// Account and wishlist answers, returned identically by tRPC and REST (the spec's field names): one zod schema each,
// its type inferred (decision 264); the schemas document the answers in /api/openapi.json.
import { z } from 'zod';

/** Answer of email and social login, and of a refresh (token only is what the spec reads there). */
export const LoginResultReply = z.object({ token: z.string(), roleID: z.number(), userID: z.number() });
export type LoginResultDto = z.infer<typeof LoginResultReply>;

export const RegisteredUserReply = z.object({
  userID: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  roleID: z.number(),
});
export type RegisteredUserDto = z.infer<typeof RegisteredUserReply>;

/**
 * Answer of a self sign-up: the account and the access token of the session it started (the refresh cookie is set as
 * on login, decision 215).
 */
export const SignedUpReply = RegisteredUserReply.extend({ token: z.string() });
export type SignedUpDto = z.infer<typeof SignedUpReply>;

/** The e-mail change waiting for the new address's confirmation, and until when its link works. */
const PendingEmailChangeReply = z.object({ newEmail: z.string(), expiresAt: z.string() });

export const ProfileReply = RegisteredUserReply.extend({
  aboutMe: z.string(),
  /** A new e-mail the owner asked for, waiting for its link (decision 259); null when none waits. */
  pendingEmailChange: PendingEmailChangeReply.nullable(),
});
export type ProfileDto = z.infer<typeof ProfileReply>;

/** A confirmed e-mail change: the account's new e-mail (decision 259). */
export const EmailChangedReply = z.object({ email: z.string() });
export type EmailChangedDto = z.infer<typeof EmailChangedReply>;

export const RoleReply = z.object({ roleID: z.number(), roleName: z.string() });
export type RoleDto = z.infer<typeof RoleReply>;

/** Which social sign-in providers the server is configured for (buttons are hidden otherwise). */
export const AuthProvidersReply = z.object({
  google: z.object({ clientId: z.string() }).nullable(),
  facebook: z.object({ appId: z.string() }).nullable(),
  /** Whether the shop's public address can hold passkeys (https on a domain name, or http://localhost; decision 238). */
  passkeys: z.boolean(),
});
export type AuthProvidersDto = z.infer<typeof AuthProvidersReply>;

/** A saved product as the wishlist screen shows it; money in euros. */
export const WishlistItemReply = z.object({
  productID: z.number(),
  name: z.string(),
  brand: z.string().nullable(),
  price: z.number(),
  /** The price while an active product discount covers it, otherwise null. */
  discountedPrice: z.number().nullable(),
  firstImage: z.string().nullable(),
  stockQuantity: z.number(),
  addedAt: z.string(),
});
export type WishlistItemDto = z.infer<typeof WishlistItemReply>;

/**
 * A live session (a login) of an account, as its list shows it (issue 28): an opaque number, never a token or the
 * login's family id; `device` is "Chrome në Android" (from the user agent), `address` the client address.
 */
export const SessionReply = z.object({
  id: z.number(),
  device: z.string(),
  address: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** The session the caller's access token belongs to. */
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof SessionReply>;

/**
 * How a sign-in was attempted; `totp_locked` is no attempt of its own but the moment wrong codes used up the account's
 * allowance and the second step was locked (decision 238); `stepUp`: the password or a code again before an
 * account-keeping change (decision 237).
 */
const SignInMethodReply = z.enum(['password', 'social', 'signup', 'totp', 'passkey', 'totp_locked', 'stepUp']);
export type SignInMethod = z.infer<typeof SignInMethodReply>;

/** One sign-in attempt, success or failure (the account's last 10 are shown). */
export const SignInReply = z.object({
  id: z.number(),
  ok: z.boolean(),
  method: SignInMethodReply,
  device: z.string(),
  address: z.string().nullable(),
  at: z.string(),
});
export type SignInDto = z.infer<typeof SignInReply>;

/** How many sessions an "end" action ended. */
export const SessionsEndedReply = z.object({ ended: z.number() });
export type SessionsEndedDto = z.infer<typeof SessionsEndedReply>;

/** A step-up's answer (decision 237): until when this login's proof counts. */
export const StepUpReply = z.object({ provedUntil: z.string() });
export type StepUpDto = z.infer<typeof StepUpReply>;
