// @vitest-environment happy-dom
// The app's routes: id params parsed by params.parse (a bad id is the not-found page inside the shop's frame,
// not a crash), and loaders that prefetch the storefront's data with the router context's query client
// (the real app in a child process, see test/server.ts).
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { cartMessages } from '#shared/messages/cart';
import { filterInput } from './features/catalog/listing-queries';
import { queryClient, trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';
import { startClientTestServer, type ClientTestServer } from './test/server';

/** Answers come from the real app, which may be slow on a busy machine. */
const SERVER_WAIT = { timeout: 15_000 };

let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  queryClient.clear();
});

const routerAt = (path: string) =>
  createRouter({ routeTree, context: { queryClient, trpc }, history: createMemoryHistory({ initialEntries: [path] }) });

function show(path: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={routerAt(path)} />
    </QueryClientProvider>,
  );
}

describe('the page head (decision 282)', () => {
  it('the document title and description come from the route head() as the page changes', async () => {
    const description = document.createElement('meta');
    description.setAttribute('name', 'description');
    document.head.append(description);
    const router = routerAt(`/productDetails/${server.product.productId}`);
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const product = await queryClient.fetchQuery(
      trpc.catalog.product.queryOptions({ productID: server.product.productId }),
    );
    await waitFor(() => expect(document.title).toBe(`${product.name} | Butiku`), SERVER_WAIT);
    expect(description.getAttribute('content')).toContain(product.brand ?? '');
    await router.navigate({ to: '/cart' });
    await waitFor(() => expect(document.title).toBe(`${cartMessages.cart.title} | Butiku`), SERVER_WAIT);
    expect(description.getAttribute('content')).toBe(messages.home.description);
    // A view that shows something else names itself: the not-found page.
    await router.navigate({ to: '/products/$categoryID', params: { categoryID: 999999 } });
    await waitFor(() => expect(document.title).toBe(`${messages.common.pageNotFound} | Butiku`), SERVER_WAIT);
    description.remove();
  });
});

describe('id params', () => {
  it.each(['/productDetails/abc', '/productDetails/0', '/productDetails/2147483648', '/productDetails/1.5'])(
    '%s is the product not-found page in the shop frame',
    async (path) => {
      show(path);
      expect(await screen.findByText(productMessages.notFound, {}, SERVER_WAIT)).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(messages.common.pageNotFound);
      expect(screen.getByRole('navigation', { name: messages.nav.mainNav })).toBeTruthy();
    },
  );

  it.each(['/products/x', '/glow-outlet/-3', '/order-confirmation/abc'])('%s is the not-found page', async (path) => {
    show(path);
    expect(await screen.findByText(messages.nav.notFoundText, {}, SERVER_WAIT)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: messages.nav.mainNav })).toBeTruthy();
  });

  it('a good id reaches the page as a number', async () => {
    const router = routerAt(`/productDetails/${server.product.productId}`);
    await router.load();
    expect(router.state.matches.at(-1)?.params).toEqual({ productID: server.product.productId });
  });
});

describe('loaders prefetch with the query client in the router context', () => {
  it('the product page starts its product and related-products queries', async () => {
    const productID = server.product.productId;
    await routerAt(`/productDetails/${productID}`).load();
    await expect
      .poll(() => queryClient.getQueryData(trpc.catalog.product.queryKey({ productID })), SERVER_WAIT)
      .toMatchObject({ productID, name: 'Fustan testi' });
    await expect
      .poll(
        () =>
          queryClient.getQueryCache().find({ queryKey: trpc.catalog.related.pathKey(), exact: false })?.state.status,
        SERVER_WAIT,
      )
      .toBe('success');
  });

  it('a category listing starts its category, product page and filter queries', async () => {
    const categoryID = server.product.categoryId;
    await routerAt(`/products/${categoryID}?size=1`).load();
    await expect
      .poll(() => queryClient.getQueryData(trpc.catalog.category.queryKey({ categoryID })), SERVER_WAIT)
      .toMatchObject({ categoryID });
    await expect
      .poll(
        () =>
          queryClient.getQueryState(trpc.catalog.filter.queryKey(filterInput(1, categoryID, { size: [1] })))?.status,
        SERVER_WAIT,
      )
      .toBe('success');
    for (const key of [
      trpc.catalog.sizes.queryKey(),
      trpc.catalog.events.queryKey(),
      trpc.catalog.categoriesByMain.queryKey({ mainCategoryID: 1 }),
    ]) {
      await expect.poll(() => queryClient.getQueryState(key)?.status, SERVER_WAIT).toBe('success');
    }
  });

  it('the home page starts the homepage query', async () => {
    await routerAt('/').load();
    await expect
      .poll(() => queryClient.getQueryState(trpc.catalog.homepage.queryKey())?.status, SERVER_WAIT)
      .toBe('success');
  });
});
