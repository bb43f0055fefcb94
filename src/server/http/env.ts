// Hono environment type shared by every REST adapter.
import type { AppDeps } from '../deps';
import type { Logger } from '../log';
import type { Actor } from '../modules/accounts';

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    actor: Actor | null;
    clientIp: string;
    /** X-Request-Id: the caller's (when plain) or a new UUID; in every log line of the request. */
    requestId: string;
    log: Logger;
  };
}
