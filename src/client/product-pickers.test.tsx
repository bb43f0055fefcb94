// @vitest-environment happy-dom
// The dashboard's product pickers against the real app (test/server.ts), signed in as staff (issue 38,
// decision 261): they ask the server's staff product search for one page of what is typed (never the whole
// catalogue), say how many more match, forgive a typo, move to the results with the arrow key, and keep a chosen
// product as a named chip when the search no longer shows it.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { queryClient } from './lib/trpc';
import { loginAs } from './test/login';
import { renderInApp } from './test/render';
import { recordRequests, startClientTestServer, type ClientTestServer } from './test/server';
import { DiscountFormScreen } from './features/discounts/discount-form';
import { OrderBuilder } from './features/orders/order-builder';
import { PICKER_PAGE } from './components/dashboard/product-search';

const s = staffMessages.dashboardSales;
const WAIT = { timeout: 15_000 };
/** Products created beside the server's "Fustan testi": one more than a picker's page (100) in all. */
const BLOUSES = PICKER_PAGE;

let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer();
  const { token } = await loginAs(server.staff);
  const create = (i: number) =>
    fetch('/api/Product', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: `Bluzë prove ${String(i).padStart(3, '0')}`,
        price: 10 + i,
        categoryID: server.product.categoryId,
      }),
    });
  for (let i = 1; i <= BLOUSES; i += 10) {
    const made = await Promise.all(Array.from({ length: 10 }, (_, k) => create(i + k)));
    expect(made.map((r) => r.status)).toEqual(Array(10).fill(201));
  }
}, 60_000);
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  queryClient.clear();
});

/** The product names the discount picker lists now. */
const listed = () =>
  within(screen.getByRole('list', { name: s.products }))
    .queryAllByRole('checkbox')
    .map((box) => box.closest('label')!.textContent ?? '');

describe('discount form: the product picker searches the server', () => {
  it('shows one page with the count of the rest, finds what is typed, keeps chosen products as chips', async () => {
    const requests = recordRequests();
    try {
      renderInApp(<DiscountFormScreen mode="product" />);
      await waitFor(() => expect(listed()).toHaveLength(PICKER_PAGE), WAIT);
      expect(screen.getByText(fill(s.pickerShownOfTotal, { shown: PICKER_PAGE, total: BLOUSES + 1 }))).toBeTruthy();

      const box = screen.getByPlaceholderText(s.searchProducts);
      fireEvent.change(box, { target: { value: 'prove 007' } });
      await waitFor(() => expect(listed()).toEqual([expect.stringContaining('Bluzë prove 007')]), WAIT);
      fireEvent.click(screen.getByRole('checkbox'));
      expect(screen.getByText(s.selected.one.replace('{n}', '1'))).toBeTruthy();

      // A typo still finds the dress (decision 243); the chosen blouse is no longer listed but keeps its chip.
      fireEvent.change(box, { target: { value: 'fustn' } });
      await waitFor(() => expect(listed()).toEqual([expect.stringContaining('Fustan testi')]), WAIT);
      const chip = screen.getByRole('button', { name: /Bluzë prove 007/ });
      expect(chip.closest('.dash-chip')!.textContent).toContain('Bluzë prove 007');

      // ArrowDown moves from the search box to the first result; Enter in the box does not submit the form.
      fireEvent.keyDown(box, { key: 'ArrowDown' });
      expect(document.activeElement).toBe(screen.getByRole('checkbox'));

      expect(requests.paths.some((p) => p.includes('catalogAdmin.productPage'))).toBe(true);
      expect(requests.paths.some((p) => /catalog\.products|pickerProducts/.test(p))).toBe(false);
    } finally {
      requests.restore();
    }
  });

  it('nothing matching: the list says so', async () => {
    renderInApp(<DiscountFormScreen mode="product" />);
    const box = await screen.findByPlaceholderText(s.searchProducts, {}, WAIT);
    fireEvent.change(box, { target: { value: 'qqqxxxzzz' } });
    await waitFor(
      () => expect(screen.getByRole('list', { name: s.products }).textContent).toBe(messages.common.noResults),
      WAIT,
    );
  });
});

describe('manual order builder: the product grid searches the server', () => {
  it('lists the first products, then what is typed, typo forgiven', async () => {
    renderInApp(<OrderBuilder />);
    const grid = () => screen.getByRole('region', { name: s.chooseProduct });
    await waitFor(() => expect(within(grid()).getAllByRole('button').length).toBe(PICKER_PAGE), WAIT);
    expect(
      within(grid()).getByText(fill(s.pickerShownOfTotal, { shown: PICKER_PAGE, total: BLOUSES + 1 })),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('mo-search'), { target: { value: 'fustn' } });
    await waitFor(
      () =>
        expect(
          within(grid())
            .getAllByRole('button')
            .map((b) => b.title),
        ).toEqual(['Fustan testi']),
      WAIT,
    );
    fireEvent.keyDown(screen.getByTestId('mo-search'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(grid()).getByRole('button', { name: /Fustan testi/ }));
  });
});
