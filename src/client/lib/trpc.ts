// The app's tRPC surface without the tRPC client: the typed query/mutation-options proxy (`trpc`) and a typed
// client proxy (`trpcClient`) whose calls load the real client (trpc-client.ts: @trpc/client, superjson) on the
// first call. A server-rendered page's first view reads its data from the page (decision 192), so it never loads
// that code (decision 214). Query and mutation keys are those of @trpc/tanstack-react-query
// (`[['catalog','product'], { input, type: 'query' }]`), which the server render's proxy (entry-server.tsx) uses.
import { QueryClient, queryOptions, skipToken, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '#server/trpc/root';

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

type CallType = 'query' | 'mutation';
interface CallOptions {
  signal?: AbortSignal | null;
  context?: Record<string, unknown>;
}

/** One procedure call through the real client, loaded on the first call. */
async function call(type: CallType, path: string, input: unknown, opts?: CallOptions): Promise<unknown> {
  const { untypedClient } = await import('./trpc-client');
  return untypedClient[type](path, input, opts as Parameters<typeof untypedClient.query>[2]);
}

type Handler = (path: string[], args: unknown[]) => unknown;

/** `proxy.a.b.c(args)` calls `handler(['a', 'b', 'c'], args)`; never thenable. */
function recursiveProxy(handler: Handler, path: string[] = []): unknown {
  return new Proxy(() => undefined, {
    get: (_target, key) =>
      typeof key !== 'string' || key === 'then' ? undefined : recursiveProxy(handler, [...path, key]),
    apply: (_target, _this, args: unknown[]) => handler(path, args),
  });
}

const splitPath = (path: string[]) => path.flatMap((part) => part.split('.'));

function queryKeyOf(path: string[], input: unknown, type: 'query' | 'any'): QueryKey {
  const parts = splitPath(path);
  if (input === undefined && type === 'any') return parts.length ? [parts] : [];
  return [
    parts,
    { ...(input !== undefined && input !== skipToken ? { input } : {}), ...(type === 'any' ? {} : { type }) },
  ];
}

interface TrpcOptions {
  trpc?: CallOptions & { abortOnUnmount?: boolean };
  onSuccess?: (...args: unknown[]) => unknown;
  meta?: Record<string, unknown>;
  [key: string]: unknown;
}

function trpcQueryOptions(path: string[], input: unknown, opts: TrpcOptions = {}) {
  const queryKey = queryKeyOf(path, input, 'query');
  const queryFn = ({ queryKey: key, signal }: QueryFunctionContext) => {
    const keyInput = (key[1] as { input?: unknown } | undefined)?.input;
    return call('query', splitPath(path).join('.'), keyInput, {
      ...opts.trpc,
      signal: opts.trpc?.abortOnUnmount ? signal : null,
    });
  };
  return Object.assign(
    queryOptions({ ...opts, queryKey, queryFn: input === skipToken ? skipToken : queryFn } as Parameters<
      typeof queryOptions
    >[0]),
    { trpc: { path: path.join('.') } },
  );
}

function trpcMutationOptions(path: string[], opts: TrpcOptions = {}) {
  const mutationKey = [splitPath(path)];
  const defaults = queryClient.defaultMutationOptions(queryClient.getMutationDefaults(mutationKey));
  return {
    ...opts,
    mutationKey,
    mutationFn: (input: unknown) => call('mutation', splitPath(path).join('.'), input, opts.trpc),
    onSuccess: (...args: unknown[]) =>
      opts.onSuccess?.(...args) ?? (defaults.onSuccess as ((...a: unknown[]) => unknown) | undefined)?.(...args),
    trpc: { path: path.join('.') },
  };
}

const optionsHandler: Handler = (fullPath, args) => {
  const path = fullPath.slice(0, -1);
  const util = fullPath[fullPath.length - 1];
  const [arg1, arg2] = args as [unknown, TrpcOptions | undefined];
  switch (util) {
    case 'queryOptions':
      return trpcQueryOptions(path, arg1, arg2);
    case 'queryKey':
      return queryKeyOf(path, arg1, 'query');
    case 'queryFilter':
      return { ...arg2, queryKey: queryKeyOf(path, arg1, 'query') };
    case 'pathKey':
      return queryKeyOf(path, undefined, 'any');
    case 'pathFilter':
      return { ...(arg1 as object), queryKey: queryKeyOf(path, undefined, 'any') };
    case 'mutationOptions':
      return trpcMutationOptions(path, arg1 as TrpcOptions | undefined);
    case 'mutationKey':
      return [splitPath(path)];
    default:
      throw new Error(`trpc.${fullPath.join('.')} is not supported by the app's options proxy`);
  }
};

const clientHandler: Handler = (fullPath, args) => {
  const path = fullPath.slice(0, -1).join('.');
  const method = fullPath[fullPath.length - 1];
  const [input, opts] = args as [unknown, CallOptions | undefined];
  if (method === 'query') return call('query', path, input, opts);
  if (method === 'mutate') return call('mutation', path, input, opts);
  throw new Error(`trpcClient.${fullPath.join('.')} is not supported`);
};

/** Typed query/mutation options for React Query (the API of @trpc/tanstack-react-query's options proxy). */
export const trpc = recursiveProxy(optionsHandler) as TRPCOptionsProxy<AppRouter>;

/** Typed calls outside React Query (`await trpcClient.cart.add.mutate(...)`), as @trpc/client's proxy. */
export const trpcClient = recursiveProxy(clientHandler) as TRPCClient<AppRouter>;

export type { AppRouter };
