// Two-step sign-in's operations (issue 28, decision 225), each declared once (decision 211): the login's second
// step, the caller's own second factor (status, setup, confirm, turn off, new recovery codes) and the
// administrator's side (the staff requirement, a user's second factor and its reset). Setting it up and resetting a
// user's need a fresh proof (step-up, decision 237); turning it off and new recovery codes carry theirs. tRPC router name:
// secondFactor. The first step is accounts.login / accounts.socialLogin, which answer a challenge for these accounts.
import { LoginResultReply } from '#shared/dto/accounts';
import {
  RecoveryCodesReply,
  SecondFactorSetupReply,
  SecondFactorStatusReply,
  StaffSecuritySettingsReply,
  UserSecondFactorReply,
} from '#shared/dto/second-factor';
import {
  AppCodeInput,
  DisableSecondFactorInput,
  LoginSecondFactorInput,
  StaffSecuritySettingsInput,
} from '#shared/schemas/second-factor';
import { UserIdInput } from '#shared/schemas/users';
import { mutation, query, type Caller } from '#server/operations/define';
import { pathIds } from '#server/operations/rest-shapes';
import * as service from './accounts.service';
import * as totp from './totp.service';

const byId = pathIds({ id: 'id' });
const cookieWriter =
  (caller: Caller): service.SetCookie =>
  (value) =>
    caller.appendHeader('Set-Cookie', value);

export const secondFactorOperations = {
  /** The login's second step: the challenge and a code (or a recovery code); answers as a login does. */
  login: mutation({
    access: 'public',
    limit: 'password',
    input: LoginSecondFactorInput,
    output: LoginResultReply,
    run: async (caller, input) =>
      service.sessionStarted(
        caller,
        cookieWriter(caller),
        await service.loginSecondFactor(caller, input, caller.clientIp, caller.header('user-agent')),
      ),
    rest: { method: 'POST', path: '/users/login/second-factor' },
  }),
  status: query({
    access: 'signedIn',
    output: SecondFactorStatusReply,
    run: (caller) => totp.secondFactorStatus(caller, caller.actor),
    rest: { method: 'GET', path: '/users/second-factor' },
  }),
  /** The one answer that carries the secret (QR code and the text to type); a new one each time until confirmed. */
  setup: mutation({
    access: 'signedIn',
    stepUp: true,
    limit: 'password',
    output: SecondFactorSetupReply,
    run: (caller) => totp.beginSetup(caller, caller.actor),
    rest: { method: 'POST', path: '/users/second-factor/setup', inputIn: 'none' },
  }),
  confirm: mutation({
    access: 'signedIn',
    stepUp: true,
    limit: 'password',
    input: AppCodeInput,
    output: RecoveryCodesReply,
    run: (caller, input) => totp.confirmSetup(caller, caller.actor, input),
    rest: { method: 'POST', path: '/users/second-factor/confirm' },
  }),
  disable: mutation({
    access: 'signedIn',
    limit: 'password',
    stepUp: { carried: 'passwordOrCode' },
    input: DisableSecondFactorInput,
    output: SecondFactorStatusReply,
    run: (caller, input) => totp.disableSecondFactor(caller, caller.actor, input, caller.clientIp),
    rest: { method: 'POST', path: '/users/second-factor/disable' },
  }),
  recoveryCodes: mutation({
    access: 'signedIn',
    limit: 'password',
    stepUp: { carried: 'code' },
    input: AppCodeInput,
    output: RecoveryCodesReply,
    run: (caller, input) => totp.regenerateRecoveryCodes(caller, caller.actor, input, caller.clientIp),
    rest: { method: 'POST', path: '/users/second-factor/recovery-codes' },
  }),
  settings: query({
    access: 'admin',
    output: StaffSecuritySettingsReply,
    run: (caller) => totp.staffSecuritySettings(caller),
    rest: { method: 'GET', path: '/Settings/security' },
  }),
  updateSettings: mutation({
    access: 'admin',
    input: StaffSecuritySettingsInput,
    output: StaffSecuritySettingsReply,
    run: (caller, input) => totp.updateStaffSecuritySettings(caller, caller.actor, input),
    rest: { method: 'PUT', path: '/Settings/security' },
  }),
  ofUser: query({
    access: 'admin',
    input: UserIdInput,
    output: UserSecondFactorReply,
    run: (caller, input) => totp.userSecondFactor(caller, input.id),
    rest: { method: 'GET', path: '/Users/:id/second-factor', input: byId },
  }),
  resetUser: mutation({
    access: 'admin',
    stepUp: true,
    input: UserIdInput,
    output: UserSecondFactorReply,
    run: (caller, input) => totp.resetUserSecondFactor(caller, input.id),
    rest: { method: 'DELETE', path: '/Users/:id/second-factor', input: byId },
  }),
};
