// tRPC client (superjson, batched HTTP with the bearer token) whose link refreshes once and retries on a 401,
// and the typed query-options proxy.
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { observable } from '@trpc/server/observable';
import superjson from 'superjson';
import { TRPC_MAX_BATCH } from '../../shared/limits';
import type { AppRouter } from '../../server/trpc/root';
import { bearerFetch, endExpiredSession, getAuthToken, NO_RETRY_PROCEDURES, refreshAccessToken } from './session';

/** The app's query defaults (the browser's client below, and one per server render). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, err) => count < 1 && !(err as { data?: { httpStatus?: number } })?.data?.httpStatus,
      },
    },
  });
}

export const queryClient = createQueryClient();

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

export const trpcClient = createTRPCClient<AppRouter>({
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

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

export type { AppRouter };
