// Short-lived signed access tokens (HS256 JWT) carrying the user id, role and login (refresh-token family), under
// the access-token key derived from the server's secret (keys.ts, decision 236).
// The family claim lets every request check that the login is still live (decision 123).
import { SignJWT, jwtVerify } from 'jose';
import type { ServerKeys } from '#server/keys';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface Actor {
  userId: number;
  roleID: number;
  /** The login (refresh-token family) the caller's access token belongs to, when resolved from a token. */
  familyId?: string;
  /**
   * Staff without a second factor while the administrator requires one (decision 225): every staff operation
   * refuses them (403) until they set it up; their own account's operations still answer.
   */
  secondFactorMissing?: true;
}

/** What a verified token claims: the actor and the login (refresh-token family) it belongs to. */
export interface AccessClaims extends Actor {
  familyId: string;
}

const ISSUER = 'butiku';
const AUDIENCE = 'butiku-api';

export async function signAccessToken(
  claims: AccessClaims,
  key: ServerKeys['accessToken'],
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ roleID: claims.roleID, fid: claims.familyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key);
}

/**
 * Returns the claims of a valid, unexpired token, or null for anything else (forged, expired, malformed, or
 * missing exp, iat or the login family: a token that never expires is never accepted).
 */
export async function verifyAccessToken(token: string, key: ServerKeys['accessToken']): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub', 'fid'],
    });
    const userId = Number(payload.sub);
    const roleID = Number(payload.roleID);
    const familyId = payload.fid;
    if (
      !/^[1-9]\d{0,9}$/.test(String(payload.sub)) ||
      !Number.isInteger(roleID) ||
      typeof familyId !== 'string' ||
      !familyId ||
      familyId.length > 64
    )
      return null;
    return { userId, roleID, familyId };
  } catch {
    return null;
  }
}

export function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1]!.trim() : null;
}
