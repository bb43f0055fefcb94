// The accounts module's operations, each declared once (decision 211): sign-up, sign-in, the refresh cookie,
// password reset, the profile and its e-mail change, and the staff role list. The refresh cookie travels in the
// caller's headers.
import { z } from 'zod';
import { accountMessages } from '#shared/messages/account';
import {
  AuthProvidersReply,
  EmailChangedReply,
  LoginResultReply,
  ProfileReply,
  RoleReply,
  SessionReply,
  SessionsEndedReply,
  SignedUpReply,
  SignInReply,
  StepUpReply,
} from '#shared/dto/accounts';
import {
  ConfirmEmailChangeInput,
  ForgotPasswordInput,
  LoginInput,
  RegisterUserInput,
  RequestEmailChangeInput,
  ResetPasswordInput,
  SessionIdInput,
  SocialLoginInput,
  StepUpInput,
  UpdateProfileInput,
} from '#shared/schemas/accounts';
import { LoginChallengeReply } from '#shared/dto/second-factor';
import { mutation, query, type Caller } from '#server/operations/define';
import { MessageReply } from '#server/operations/outputs';
import { pathIds } from '#server/operations/rest-shapes';
import * as service from './accounts.service';
import { confirmEmailChange, requestEmailChange } from './email-change';
import { requestPasswordReset, resetPassword } from './password-reset';
import { readRefreshCookie } from './cookies';
import * as sessions from './session-list';
import { stepUp } from './step-up';

/** A login's answer: the tokens, or (an account with a second factor, decision 225) the challenge for the code. */
const LoginStepReply = z.union([LoginResultReply, LoginChallengeReply]);
const presented = (caller: Caller) => readRefreshCookie(caller.header('cookie'));
const cookieWriter =
  (caller: Caller): service.SetCookie =>
  (value) =>
    caller.appendHeader('Set-Cookie', value);
const withCookie = <O extends { body: unknown; refreshToken: string | null }>(caller: Caller, outcome: O) =>
  service.sessionStarted(caller, cookieWriter(caller), outcome);
const client = (caller: Caller): service.LoginClient => ({
  ip: caller.clientIp,
  userAgent: caller.header('user-agent'),
});

export const accountsOperations = {
  providers: query({
    access: 'public',
    output: AuthProvidersReply,
    run: (caller) => service.providers(caller),
    rest: { method: 'GET', path: '/users/providers' },
  }),
  register: mutation({
    access: 'public',
    limit: 'signup',
    input: RegisterUserInput,
    output: SignedUpReply,
    run: async (caller, input) => withCookie(caller, await service.register(caller, input, client(caller))),
    rest: { method: 'POST', path: '/users/register', status: 201 },
  }),
  login: mutation({
    access: 'public',
    limit: 'password',
    input: LoginInput,
    output: LoginStepReply,
    run: async (caller, input) =>
      withCookie(caller, await service.login(caller, input, caller.clientIp, caller.header('user-agent'))),
    rest: { method: 'POST', path: '/users/login' },
  }),
  socialLogin: mutation({
    access: 'public',
    limit: 'socialLogin',
    input: SocialLoginInput,
    output: LoginStepReply,
    run: async (caller, input) => withCookie(caller, await service.socialLogin(caller, input, client(caller))),
    rest: { method: 'POST', path: '/users/social-login' },
  }),
  refreshToken: mutation({
    access: 'public',
    output: LoginResultReply,
    run: (caller) => service.refreshSession(caller, presented(caller), cookieWriter(caller)),
    rest: { method: 'POST', path: '/users/refresh-token', inputIn: 'none' },
  }),
  logout: mutation({
    access: 'public',
    output: MessageReply,
    run: (caller) => service.logoutSession(caller, presented(caller), cookieWriter(caller)),
    rest: { method: 'POST', path: '/users/logout', inputIn: 'none' },
  }),
  profile: query({
    access: 'signedIn',
    output: ProfileReply,
    run: (caller) => service.getProfile(caller, caller.actor),
    rest: { method: 'GET', path: '/users/profile' },
  }),
  updateProfile: mutation({
    access: 'signedIn',
    limit: 'password',
    // A new password comes with the current one (decision 207), itself the proof (decision 237).
    stepUp: { carried: 'currentPassword' },
    input: UpdateProfileInput,
    output: ProfileReply,
    run: (caller, input) => service.updateProfile(caller, caller.actor, input, presented(caller), caller.clientIp),
    rest: { method: 'PUT', path: '/users/profile' },
  }),
  // The e-mail change (decision 259): asked with the current password, the same 202 whether or not the new address
  // has an account; it takes effect only when the link e-mailed to the new address is used.
  requestEmailChange: mutation({
    access: 'signedIn',
    limit: 'password',
    stepUp: { carried: 'currentPassword' },
    input: RequestEmailChangeInput,
    output: MessageReply,
    run: (caller, input) => requestEmailChange(caller, caller.actor, input, caller.clientIp),
    rest: { method: 'POST', path: '/users/profile/email', status: 202 },
  }),
  confirmEmailChange: mutation({
    access: 'public',
    limit: 'passwordReset',
    input: ConfirmEmailChangeInput,
    output: EmailChangedReply,
    run: (caller, input) => confirmEmailChange(caller, input),
    rest: { method: 'POST', path: '/users/profile/email/confirm' },
  }),
  // Password reset (issue 13): always the same answer (202 on REST); 204 once the new password is set.
  forgotPassword: mutation({
    access: 'public',
    limit: 'passwordReset',
    input: ForgotPasswordInput,
    output: MessageReply,
    run: async (caller, input): Promise<{ Message: string }> => {
      await requestPasswordReset(caller, input);
      return { Message: accountMessages.account.forgotSent };
    },
    rest: { method: 'POST', path: '/users/forgot-password', status: 202 },
  }),
  resetPassword: mutation({
    access: 'public',
    limit: 'passwordReset',
    input: ResetPasswordInput,
    run: async (caller, input) => {
      await resetPassword(caller, input);
      return null;
    },
    rest: { method: 'POST', path: '/users/reset-password', status: 204 },
  }),
  // Step-up (decision 237): the password or a code again, renewing this login's proof for account-keeping changes.
  stepUp: mutation({
    access: 'signedIn',
    limit: 'password',
    input: StepUpInput,
    output: StepUpReply,
    run: (caller, input) =>
      stepUp(caller, caller.actor, input, { ip: caller.clientIp, userAgent: caller.header('user-agent') }),
    rest: { method: 'POST', path: '/users/step-up' },
  }),
  // The account's sessions and sign-ins (issue 28, decision 227).
  mySessions: query({
    access: 'signedIn',
    output: z.array(SessionReply),
    run: (caller) => sessions.mySessions(caller, caller.actor),
    rest: { method: 'GET', path: '/users/sessions' },
  }),
  endSession: mutation({
    access: 'signedIn',
    input: SessionIdInput,
    output: SessionsEndedReply,
    run: (caller, input) => sessions.endMySession(caller, caller.actor, input.id),
    rest: { method: 'DELETE', path: '/users/sessions/:id', input: pathIds({ id: 'id' }) },
  }),
  endOtherSessions: mutation({
    access: 'signedIn',
    output: SessionsEndedReply,
    run: (caller) => sessions.endOtherSessions(caller, caller.actor),
    rest: { method: 'POST', path: '/users/sessions/end-others', inputIn: 'none' },
  }),
  mySignIns: query({
    access: 'signedIn',
    output: z.array(SignInReply),
    run: (caller) => sessions.mySignIns(caller, caller.actor),
    rest: { method: 'GET', path: '/users/sign-ins' },
  }),
  roles: query({
    access: 'staff',
    output: z.array(RoleReply),
    run: (caller) => service.listRoles(caller),
    rest: { method: 'GET', path: '/Roles/roles' },
  }),
};
