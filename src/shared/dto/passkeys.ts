// A passkey as its owner's profile lists it (decision 226; never its key or credential id), and the ceremony options,
// which are WebAuthn's own JSON (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), documented as objects.
// One zod schema each (decision 264); they document the answers in /api/openapi.json.
import { z } from 'zod';

export const PasskeyReply = z.object({
  passkeyID: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced between the owner's devices (a "multi-device" credential that is backed up). */
  synced: z.boolean(),
});
export type PasskeyDto = z.infer<typeof PasskeyReply>;

const credentialRef = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** PublicKeyCredentialCreationOptionsJSON (WebAuthn's own shape, as @simplewebauthn builds it), for the REST route. */
export const RegistrationOptionsReply = z
  .object({
    challenge: z.string(),
    rp: z.object({ id: z.string(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(credentialRef).optional(),
    authenticatorSelection: z
      .object({ residentKey: z.string(), userVerification: z.string(), requireResidentKey: z.boolean() })
      .partial()
      .optional(),
    attestation: z.string().optional(),
  })
  .loose();

/** PublicKeyCredentialRequestOptionsJSON (no credential list: discoverable passkeys), for the REST route. */
export const LoginOptionsReply = z
  .object({
    challenge: z.string(),
    rpId: z.string(),
    timeout: z.number().optional(),
    userVerification: z.string().optional(),
    allowCredentials: z.array(credentialRef).optional(),
  })
  .loose();
