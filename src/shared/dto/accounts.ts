// Account and wishlist output shapes, returned identically by tRPC and REST (the spec's field names).

/** Answer of email and social login, and of a refresh (token only is what the spec reads there). */
export interface LoginResultDto {
  token: string;
  roleID: number;
  userID: number;
}
export interface RegisteredUserDto {
  userID: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  roleID: number;
}

/** Answer of a self sign-up: the account and the access token of the session it started (decision 215). */
export interface SignedUpDto extends RegisteredUserDto {
  token: string;
}

export interface ProfileDto {
  userID: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  aboutMe: string;
  roleID: number;
  /** A new e-mail the owner asked for, waiting for its link (decision 259); null when none waits. */
  pendingEmailChange: PendingEmailChangeDto | null;
}

/** The e-mail change waiting for the new address's confirmation, and until when its link works. */
export interface PendingEmailChangeDto {
  newEmail: string;
  expiresAt: string;
}

/** A confirmed e-mail change: the account's new e-mail (decision 259). */
export interface EmailChangedDto {
  email: string;
}

export interface RoleDto {
  roleID: number;
  roleName: string;
}

/** Which social sign-in providers the server is configured for (buttons are hidden otherwise). */
export interface AuthProvidersDto {
  google: { clientId: string } | null;
  facebook: { appId: string } | null;
  /** Whether the shop's public address can hold passkeys (https on a domain name, or http://localhost; decision 238). */
  passkeys: boolean;
}

/** A saved product as the wishlist screen shows it; money in euros. */
export interface WishlistItemDto {
  productID: number;
  name: string;
  brand: string | null;
  price: number;
  /** The price while an active product discount covers it, otherwise null. */
  discountedPrice: number | null;
  firstImage: string | null;
  stockQuantity: number;
  addedAt: string;
}

/**
 * A live session (a login) of an account, as its list shows it (issue 28): an opaque number, never a token or the
 * login's family id; `device` is "Chrome në Android" (from the user agent), `address` the client address.
 */
export interface SessionDto {
  id: number;
  device: string;
  address: string | null;
  signedInAt: string;
  lastSeenAt: string;
  /** The session the caller's access token belongs to. */
  current: boolean;
}

/**
 * How a sign-in was attempted; `totp_locked` is no attempt of its own but the moment wrong codes used up the account's
 * allowance and the second step was locked (decision 238); `stepUp`: the password or a code again before an
 * account-keeping change (decision 237).
 */
export type SignInMethod = 'password' | 'social' | 'signup' | 'totp' | 'passkey' | 'totp_locked' | 'stepUp';

/** One sign-in attempt, success or failure (the account's last 10 are shown). */
export interface SignInDto {
  id: number;
  ok: boolean;
  method: SignInMethod;
  device: string;
  address: string | null;
  at: string;
}

/** How many sessions an "end" action ended. */
export interface SessionsEndedDto {
  ended: number;
}

/** A step-up's answer (decision 237): until when this login's proof counts. */
export interface StepUpDto {
  provedUntil: string;
}
