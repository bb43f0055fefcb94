// The short-lived signed answer of a password (or social) login for an account with a second factor (decision 225):
// it names the user and proves the first step passed, nothing more; only the second step issues tokens. Its own
// audience and its own key (keys.ts, decision 236), so it can never be used as an access token, nor an access token
// as a challenge.
import { SignJWT, jwtVerify } from 'jose';
import type { ServerKeys } from '#server/keys';

export const LOGIN_CHALLENGE_TTL_SECONDS = 5 * 60;
const ISSUER = 'butiku';
const AUDIENCE = 'butiku-second-factor';

export function signLoginChallenge(userId: number, key: ServerKeys['loginChallenge']): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + LOGIN_CHALLENGE_TTL_SECONDS)
    .sign(key);
}

/** The user id of a valid, unexpired challenge; null for anything else. */
export async function verifyLoginChallenge(
  challenge: string,
  key: ServerKeys['loginChallenge'],
): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(challenge, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    return /^[1-9]\d{0,9}$/.test(String(payload.sub)) ? Number(payload.sub) : null;
  } catch {
    return null;
  }
}
