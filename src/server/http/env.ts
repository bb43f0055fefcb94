// Hono environment type shared by every REST adapter.
import type { AppDeps } from '../deps';
import type { Actor } from '../modules/accounts/tokens';

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    actor: Actor | null;
    clientIp: string;
  };
}
