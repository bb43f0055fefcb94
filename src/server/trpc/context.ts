// Per-request tRPC context: dependencies, the caller the app's per-request middleware already resolved
// (c.var.actor: the token is verified once per request, for both doors) and response headers.
import type { AppDeps } from '../deps';
import type { Actor } from '../modules/accounts';

export interface TrpcContext extends AppDeps {
  actor: Actor | null;
  req: Request;
  /** Headers added to the HTTP response (e.g. Set-Cookie for the refresh token). */
  resHeaders: Headers;
  clientIp: string;
}
