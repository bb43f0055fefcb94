// The app's own options proxy (lib/trpc.ts, decision 214) makes the keys @trpc/tanstack-react-query makes: the
// server render seeds and reads with the library's proxy, the browser with the app's, and both must find the
// same cache entries.
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import { createQueryClient, trpc, type AppRouter } from './trpc';

const never: TRPCLink<AppRouter> = () => () => observable(() => undefined);
const library = createTRPCOptionsProxy<AppRouter>({
  client: createTRPCClient<AppRouter>({ links: [never] }),
  queryClient: createQueryClient(),
});

describe('the app tRPC options proxy', () => {
  it('makes the query, path and mutation keys of @trpc/tanstack-react-query', () => {
    expect(trpc.catalog.product.queryOptions({ productID: 7 }).queryKey).toEqual(
      library.catalog.product.queryOptions({ productID: 7 }).queryKey,
    );
    expect(trpc.catalog.homepage.queryKey()).toEqual(library.catalog.homepage.queryKey());
    expect(trpc.catalog.categories.queryOptions().queryKey).toEqual(library.catalog.categories.queryOptions().queryKey);
    expect(trpc.catalog.pathKey()).toEqual(library.catalog.pathKey());
    expect(trpc.cart.pathFilter()).toEqual(library.cart.pathFilter());
    expect(trpc.cart.add.mutationOptions().mutationKey).toEqual(library.cart.add.mutationOptions().mutationKey);
    expect(trpc.catalog.product.queryOptions({ productID: 7 }).trpc).toEqual({ path: 'catalog.product' });
  });
});
