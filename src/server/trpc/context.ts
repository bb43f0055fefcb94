// Per-request tRPC context: dependencies, the verified actor (from the bearer token) and response headers.
import type { AppDeps } from '../deps';
import { bearerToken, verifyAccessToken, type Actor } from '../modules/accounts/tokens';

export interface TrpcContext extends AppDeps {
  actor: Actor | null;
  req: Request;
  /** Headers added to the HTTP response (e.g. Set-Cookie for the refresh token). */
  resHeaders: Headers;
  clientIp: string;
}

export async function createTrpcContext(deps: AppDeps, req: Request, resHeaders: Headers, clientIp: string): Promise<TrpcContext> {
  const token = bearerToken(req.headers.get('authorization'));
  const actor = token ? await verifyAccessToken(token, deps.config.jwtSecret) : null;
  return { ...deps, actor, req, resHeaders, clientIp };
}
