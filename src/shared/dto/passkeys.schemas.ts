// Answer schemas of the passkey DTOs (passkeys.ts), for /api/openapi.json. The ceremony options are WebAuthn's own
// JSON (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), documented as objects.
import { z } from 'zod';
import type { PasskeyDto } from './passkeys';
import { twin } from './twin';

export const PasskeyReply = twin<PasskeyDto>()(
  z.object({
    passkeyID: z.number(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    synced: z.boolean(),
  }),
);
