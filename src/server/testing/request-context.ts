// Service tests that call a staff write directly (not through a door) run it as a door would: inside a request
// context, so its audit row has a caller and an address (decision 228). Without it, recordAudit fails the test.
import { withRequestContext, type RequestContext } from '../modules/audit';

const TEST_CONTEXT: RequestContext = { actorId: null, ip: '127.0.0.1' };

/** The same functions, each call run inside a request context (by default: no signed-in caller, loopback). */
export function inRequestContext<T extends object>(fns: T, context: RequestContext = TEST_CONTEXT): T {
  return new Proxy(fns, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        withRequestContext(context, () => (value as (...a: unknown[]) => unknown)(...args));
    },
  });
}
