// Passkey operations (issue 28, decision 226), each declared once (decision 211). Registering and managing passkeys
// needs a signed-in caller and touches only the caller's own; adding or removing one also needs the owner's fresh
// proof on this login (step-up, decision 237); signing in is public and limited like a password
// sign-in, and sets the same refresh cookie. The ceremony options answer WebAuthn's own JSON
// (documented on the REST routes; the tRPC answer is the same object).
import { z } from 'zod';
import { LoginResultReply, StepUpReply } from '#shared/dto/accounts';
import { LoginOptionsReply, PasskeyReply, RegistrationOptionsReply } from '#shared/dto/passkeys';
import {
  PasskeyIdInput,
  PasskeyLoginInput,
  PasskeyLoginOptionsInput,
  PasskeyRegisterInput,
  RenamePasskeyInput,
} from '#shared/schemas/passkeys';
import { mutation, query, type Caller } from '#server/operations/define';
import { sessionStarted } from './accounts.service';
import * as service from './passkeys.service';

const startSession = (caller: Caller, outcome: service.PasskeyLoginOutcome) =>
  sessionStarted(caller, (value) => caller.appendHeader('Set-Cookie', value), outcome);

export const passkeysOperations = {
  registrationOptions: mutation({
    access: 'signedIn',
    stepUp: true,
    run: (caller) => service.registrationOptions(caller, caller.actor),
    rest: {
      method: 'POST',
      path: '/users/passkeys/registration-options',
      inputIn: 'none',
      output: RegistrationOptionsReply,
    },
  }),
  register: mutation({
    access: 'signedIn',
    stepUp: true,
    input: PasskeyRegisterInput,
    output: PasskeyReply,
    run: (caller, input) => service.register(caller, caller.actor, input),
    rest: { method: 'POST', path: '/users/passkeys', status: 201 },
  }),
  loginOptions: mutation({
    access: 'public',
    limit: 'password',
    input: PasskeyLoginOptionsInput,
    run: (caller, input) => service.loginOptions(caller, input),
    rest: { method: 'POST', path: '/users/passkeys/login-options', output: LoginOptionsReply },
  }),
  login: mutation({
    access: 'public',
    limit: 'password',
    input: PasskeyLoginInput,
    output: LoginResultReply,
    run: async (caller, input) =>
      startSession(
        caller,
        await service.login(caller, input, { ip: caller.clientIp, userAgent: caller.header('user-agent') }),
      ),
    rest: { method: 'POST', path: '/users/passkeys/login' },
  }),
  // Step-up with one of the caller's passkeys (decision 237), the passkey twin of accounts.stepUp.
  stepUpOptions: mutation({
    access: 'signedIn',
    limit: 'password',
    run: (caller) => service.stepUpOptions(caller, caller.actor),
    rest: { method: 'POST', path: '/users/passkeys/step-up-options', inputIn: 'none', output: LoginOptionsReply },
  }),
  stepUp: mutation({
    access: 'signedIn',
    limit: 'password',
    input: PasskeyLoginInput,
    output: StepUpReply,
    run: (caller, input) =>
      service.stepUpWithPasskey(caller, caller.actor, input, {
        ip: caller.clientIp,
        userAgent: caller.header('user-agent'),
      }),
    rest: { method: 'POST', path: '/users/passkeys/step-up' },
  }),
  list: query({
    access: 'signedIn',
    output: z.array(PasskeyReply),
    run: (caller) => service.listPasskeys(caller, caller.actor),
    rest: { method: 'GET', path: '/users/passkeys' },
  }),
  rename: mutation({
    access: 'signedIn',
    input: RenamePasskeyInput,
    output: PasskeyReply,
    run: (caller, input) => service.renamePasskey(caller, caller.actor, input),
    rest: {
      method: 'PUT',
      path: '/users/passkeys/:passkeyId',
      input: async (req) => ({ ...((await req.json()) as object), passkeyId: req.param('passkeyId') }),
    },
  }),
  remove: mutation({
    access: 'signedIn',
    stepUp: true,
    input: PasskeyIdInput,
    run: async (caller, input) => {
      await service.removePasskey(caller, caller.actor, input);
      return null;
    },
    rest: {
      method: 'DELETE',
      path: '/users/passkeys/:passkeyId',
      status: 204,
      input: (req) => ({ passkeyId: req.param('passkeyId') }),
    },
  }),
};
