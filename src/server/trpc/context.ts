// Per-request tRPC context: dependencies, the verified actor (from the bearer token) and response headers.
import type { AppDeps } from '../deps';
import { actorFromToken } from '../modules/accounts/actor';
import { bearerToken, type Actor } from '../modules/accounts/tokens';

export interface TrpcContext extends AppDeps {
  actor: Actor | null;
  req: Request;
  /** Headers added to the HTTP response (e.g. Set-Cookie for the refresh token). */
  resHeaders: Headers;
  clientIp: string;
}

export async function createTrpcContext(deps: AppDeps, req: Request, resHeaders: Headers, clientIp: string): Promise<TrpcContext> {
  const actor = await actorFromToken(deps, bearerToken(req.headers.get('authorization')));
  return { ...deps, actor, req, resHeaders, clientIp };
}
