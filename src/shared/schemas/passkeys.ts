// Passkey inputs (issue 28, decision 226): the browser's WebAuthn answers as @simplewebauthn/browser hands them over
// (base64url fields), bounded; the passkey's name and id. The server checks everything else (@simplewebauthn/server).
import { z } from 'zod';
import { messages, plural } from '../messages';
import { emailField } from './accounts';
import { idSchema } from './numbers';
import { accountMessages } from '../messages/account';

const p = accountMessages.passkeys;
const invalid = p.verifyFailed;

/** Most passkeys one account keeps (a bound on rows per account). */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX = 60;

/** base64url text of at most `max` characters (credential ids are at most 1023 bytes: 1364 characters). */
const b64url = (max: number) =>
  z
    .string({ message: invalid })
    .min(1, invalid)
    .max(max, invalid)
    .regex(/^[A-Za-z0-9_-]+$/, invalid);

const credentialId = b64url(1400);
/** The browser's extension outputs: an object (read by @simplewebauthn/server, bounded by the JSON body limit). */
const extensionResults = z
  .custom<object>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { message: invalid })
  .default({});
const attachment = z.enum(['platform', 'cross-platform'], { message: invalid }).optional();

/** What navigator.credentials.create() answered, as JSON (RegistrationResponseJSON). */
const PasskeyRegistrationResponse = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', { message: invalid }),
    response: z.object({
      clientDataJSON: b64url(4000),
      attestationObject: b64url(20000),
      authenticatorData: b64url(20000).optional(),
      transports: z.array(z.string().max(20)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url(4000).optional(),
    }),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensionResults,
  },
  { message: invalid },
);

/** What navigator.credentials.get() answered, as JSON (AuthenticationResponseJSON). */
const PasskeyAuthenticationResponse = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', { message: invalid }),
    response: z.object({
      clientDataJSON: b64url(4000),
      authenticatorData: b64url(20000),
      signature: b64url(2000),
      userHandle: b64url(200).optional(),
    }),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensionResults,
  },
  { message: invalid },
);

export const PasskeyRegisterInput = z.object({ response: PasskeyRegistrationResponse });
export type PasskeyRegisterInput = z.infer<typeof PasskeyRegisterInput>;

/** Sign-in options: with the e-mail typed in the form, only that account's passkey is accepted. */
export const PasskeyLoginOptionsInput = z.object({ email: emailField.optional() });
export type PasskeyLoginOptionsInput = z.infer<typeof PasskeyLoginOptionsInput>;

export const PasskeyLoginInput = z.object({ response: PasskeyAuthenticationResponse });
export type PasskeyLoginInput = z.infer<typeof PasskeyLoginInput>;

const passkeyName = z
  .string({ message: messages.common.required })
  .trim()
  .min(1, messages.common.required)
  .max(PASSKEY_NAME_MAX, plural(p.nameTooLong, PASSKEY_NAME_MAX));

export const PasskeyIdInput = z.object({ passkeyId: idSchema(p.notFound) });
export type PasskeyIdInput = z.infer<typeof PasskeyIdInput>;

export const RenamePasskeyInput = PasskeyIdInput.extend({ name: passkeyName });
export type RenamePasskeyInput = z.infer<typeof RenamePasskeyInput>;

/** The rename form's own fields (the id comes from the row). */
export const PasskeyNameForm = z.object({ name: passkeyName });
