// Verifies a social sign-in on the server: Google ID tokens against Google's keys, Facebook tokens via the Graph API.
import { createHmac } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { accountMessages } from '#shared/messages/account';
import type { SocialProvider } from '#shared/schemas/accounts';
import type { AppConfig } from '#server/config';
import { AppError } from '#server/errors';

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
export const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com';
const PROVIDER_TIMEOUT_MS = 5000;

/** What a verified provider token tells us about the person. */
export interface VerifiedIdentity {
  provider: SocialProvider;
  uid: string;
  email: string | null;
  name: string | null;
  givenName?: string | null;
  familyName?: string | null;
}

const invalid = () => new AppError('UNAUTHORIZED', accountMessages.account.socialTokenInvalid);
// A provider this shop has not set up is the caller's mistake (400), not a server failure (decision 123).
const notConfigured = () =>
  new AppError('BAD_REQUEST', accountMessages.account.socialNotConfigured, {
    provider: [accountMessages.account.socialNotConfigured],
  });

// One key set per URL: jose caches the keys and refetches them when Google rotates.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function googleKeys(url: string) {
  let ks = keySets.get(url);
  if (!ks) {
    ks = createRemoteJWKSet(new URL(url), {
      timeoutDuration: PROVIDER_TIMEOUT_MS,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
    keySets.set(url, ks);
  }
  return ks;
}

export async function verifyGoogle(config: AppConfig, idToken: string): Promise<VerifiedIdentity> {
  const google = config.google;
  if (!google) throw notConfigured();
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, googleKeys(google.jwksUrl ?? GOOGLE_JWKS_URL), {
      issuer: google.issuers ?? GOOGLE_ISSUERS,
      audience: google.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch {
    throw invalid();
  }
  const email = typeof payload.email === 'string' && payload.email ? payload.email : null;
  // An unverified address must not take over an existing account with that e-mail.
  if (email && payload.email_verified !== true && payload.email_verified !== 'true') throw invalid();
  return {
    provider: 'google',
    uid: String(payload.sub),
    email,
    name: typeof payload.name === 'string' ? payload.name : null,
    givenName: typeof payload.given_name === 'string' ? payload.given_name : null,
    familyName: typeof payload.family_name === 'string' ? payload.family_name : null,
  };
}

async function graphGet(url: URL): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, {
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
  } catch {
    throw invalid();
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body || typeof body !== 'object') throw invalid();
  return body;
}

export async function verifyFacebook(config: AppConfig, accessToken: string): Promise<VerifiedIdentity> {
  const fb = config.facebook;
  if (!fb) throw notConfigured();
  const base = (fb.graphUrl ?? FACEBOOK_GRAPH_URL).replace(/\/+$/, '');
  const debug = new URL(`${base}/debug_token`);
  debug.searchParams.set('input_token', accessToken);
  debug.searchParams.set('access_token', `${fb.appId}|${fb.appSecret}`);
  const data = (await graphGet(debug)).data as Record<string, unknown> | undefined;
  // The token must be live and issued to OUR app: a token from another app must not log anyone in here.
  if (!data || data.is_valid !== true || String(data.app_id) !== fb.appId || !data.user_id) throw invalid();
  const me = new URL(`${base}/me`);
  me.searchParams.set('fields', 'id,name,email');
  me.searchParams.set('access_token', accessToken);
  me.searchParams.set('appsecret_proof', createHmac('sha256', fb.appSecret).update(accessToken).digest('hex'));
  const profile = await graphGet(me);
  if (String(profile.id) !== String(data.user_id)) throw invalid();
  return {
    provider: 'facebook',
    uid: String(profile.id),
    email: typeof profile.email === 'string' && profile.email ? profile.email : null,
    name: typeof profile.name === 'string' ? profile.name : null,
  };
}

export function verifySocialToken(
  config: AppConfig,
  provider: SocialProvider,
  token: string,
): Promise<VerifiedIdentity> {
  return provider === 'google' ? verifyGoogle(config, token) : verifyFacebook(config, token);
}
