// Answer schemas of the account and wishlist DTOs (accounts.ts), each the interface's twin, for /api/openapi.json.
import { z } from 'zod';
import type {
  AuthProvidersDto,
  EmailChangedDto,
  LoginResultDto,
  PendingEmailChangeDto,
  ProfileDto,
  RegisteredUserDto,
  RoleDto,
  SessionDto,
  SessionsEndedDto,
  SignedUpDto,
  SignInDto,
  StepUpDto,
  WishlistItemDto,
} from './accounts';
import { twin } from './twin';

export const LoginResultReply = twin<LoginResultDto>()(
  z.object({ token: z.string(), roleID: z.number(), userID: z.number() }),
);
export const RegisteredUserReply = twin<RegisteredUserDto>()(
  z.object({
    userID: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    roleID: z.number(),
  }),
);
/** Sign-up answers the account with an access token (the refresh cookie is set as on login, decision 215). */
export const SignedUpReply = twin<SignedUpDto>()(RegisteredUserReply.extend({ token: z.string() }));
const PendingEmailChangeReply = twin<PendingEmailChangeDto>()(
  z.object({ newEmail: z.string(), expiresAt: z.string() }),
);
export const ProfileReply = twin<ProfileDto>()(
  RegisteredUserReply.extend({ aboutMe: z.string(), pendingEmailChange: PendingEmailChangeReply.nullable() }),
);
/** A confirmed e-mail change (decision 259). */
export const EmailChangedReply = twin<EmailChangedDto>()(z.object({ email: z.string() }));
export const RoleReply = twin<RoleDto>()(z.object({ roleID: z.number(), roleName: z.string() }));
export const AuthProvidersReply = twin<AuthProvidersDto>()(
  z.object({
    google: z.object({ clientId: z.string() }).nullable(),
    facebook: z.object({ appId: z.string() }).nullable(),
    passkeys: z.boolean(),
  }),
);
export const WishlistItemReply = twin<WishlistItemDto>()(
  z.object({
    productID: z.number(),
    name: z.string(),
    brand: z.string().nullable(),
    price: z.number(),
    discountedPrice: z.number().nullable(),
    firstImage: z.string().nullable(),
    stockQuantity: z.number(),
    addedAt: z.string(),
  }),
);

export const SessionReply = twin<SessionDto>()(
  z.object({
    id: z.number(),
    device: z.string(),
    address: z.string().nullable(),
    signedInAt: z.string(),
    lastSeenAt: z.string(),
    current: z.boolean(),
  }),
);
export const SignInReply = twin<SignInDto>()(
  z.object({
    id: z.number(),
    ok: z.boolean(),
    method: z.enum(['password', 'social', 'signup', 'totp', 'passkey', 'totp_locked', 'stepUp']),
    device: z.string(),
    address: z.string().nullable(),
    at: z.string(),
  }),
);
export const SessionsEndedReply = twin<SessionsEndedDto>()(z.object({ ended: z.number() }));
export const StepUpReply = twin<StepUpDto>()(z.object({ provedUntil: z.string() }));
