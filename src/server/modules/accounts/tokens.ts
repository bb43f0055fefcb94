// Short-lived signed access tokens (HS256 JWT) carrying the user id and role.
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface Actor {
  userId: number;
  roleID: number;
}

const ISSUER = 'butiku';
const AUDIENCE = 'butiku-api';

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(actor: Actor, secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  return new SignJWT({ roleID: actor.roleID })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(actor.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key(secret));
}

/** Returns the actor for a valid, unexpired token, or null for anything else (forged, expired, malformed). */
export async function verifyAccessToken(token: string, secret: string): Promise<Actor | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const roleID = Number(payload.roleID);
    if (!Number.isInteger(userId) || !Number.isInteger(roleID)) return null;
    return { userId, roleID };
  } catch {
    return null;
  }
}

export function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1]!.trim() : null;
}
