// The tRPC client itself (superjson, batched HTTP with the bearer token, a link that refreshes once and retries
// on a 401). Loaded by lib/trpc.ts on the first call, never on a server-rendered page's first view (decision 214).
import { createTRPCClient, getUntypedClient, httpBatchLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import superjson from 'superjson';
import { TRPC_MAX_BATCH } from '#shared/limits';
import type { AppRouter } from '#server/trpc/root';
import { bearerFetch, endExpiredSession, getAuthToken, NO_RETRY_PROCEDURES, refreshAccessToken } from './session';

function isUnauthorized(err: unknown): boolean {
  return err instanceof TRPCClientError && (err.data as { httpStatus?: number } | undefined)?.httpStatus === 401;
}

/**
 * Per call (not per batch, since a batch mixes answers): a 401 on a call that carried a token triggers one
 * refresh and one retry; if the refresh fails the session ends and the visitor goes to /account.
 */
const refreshLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let retried = false;
      let sub: { unsubscribe(): void } | null = null;
      const attempt = () => {
        const sent = getAuthToken();
        sub = next(op).subscribe({
          next: (value) => observer.next(value),
          complete: () => observer.complete(),
          error: (err) => {
            if (retried || !sent || !isUnauthorized(err) || NO_RETRY_PROCEDURES.has(op.path))
              return observer.error(err);
            retried = true;
            void refreshAccessToken(sent).then((fresh) => {
              if (fresh) return attempt();
              endExpiredSession();
              observer.error(err);
            });
          },
        });
      };
      attempt();
      return () => sub?.unsubscribe();
    });

const client = createTRPCClient<AppRouter>({
  links: [
    refreshLink,
    httpBatchLink({
      url: '/api/trpc',
      transformer: superjson,
      maxItems: TRPC_MAX_BATCH,
      fetch: (url, init) => bearerFetch(url, init as RequestInit),
    }),
  ],
});

/** The client by path ('cart.add'), as lib/trpc.ts's proxies call it. */
export const untypedClient = getUntypedClient(client);
