// Who is writing and from where, for the audit trail (decision 228). Both operation doors run every declared
// operation inside a request context (the caller's user id and address), so services record the audit row without
// threading the caller through every signature. Outside a door (seed, scripts) there is no context.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  /** The signed-in caller's user id; null for an anonymous caller. */
  actorId: number | null;
  /** The client address as the app resolved it (decision 204). */
  ip: string | null;
}

const store = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with the request context set for everything it awaits. */
export const withRequestContext = <T>(context: RequestContext, fn: () => T): T => store.run(context, fn);

/** The current request's context, if a door set one. */
export const currentRequestContext = (): RequestContext | undefined => store.getStore();
