// @vitest-environment happy-dom
// The product form shows the shared schema's message for each kind of bad input, reads a price typed the way the
// shop writes it and asks before saving a tenfold price; categories, sizes and colours come from the real app
// (../../test/server.ts).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto } from '../../../shared/dto/catalog';
import { fill, messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { formatEuro } from '../../../shared/money';
import { loginAs } from '../../test/login';
import { renderInApp } from '../../test/render';
import { startClientTestServer, type ClientTestServer } from '../../test/server';
import { ProductForm } from './product-form';

const m = staffMessages.dashboard;

/** Answers come from the real app, which may be slow on a busy machine. */
const SERVER_WAIT = { timeout: 15_000 };

let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer();
});
afterAll(() => server.close());
afterEach(cleanup);

/** The message under a dashboard field (FormField renders it as `<id>-error`). */
const fieldMessage = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;
/** The message under a control of variant row `row` (1-based), found by the control's label. */
const rowMessage = (label: string, row: number) =>
  screen.getByLabelText(`${label} ${row}`).closest('td')!.querySelector('.dash-error')?.textContent ?? null;
const submit = () => fireEvent.submit(document.querySelector('form')!);

async function openForm(): Promise<void> {
  renderInApp(<ProductForm />);
  // Sizes and colours are read from the app: wait until the first row offers them.
  await waitFor(
    () => expect(screen.getByLabelText(`${m.chooseSize} 1`).querySelectorAll('option').length).toBeGreaterThan(1),
    SERVER_WAIT,
  );
  await waitFor(
    () => expect(screen.getByLabelText(`${m.chooseColor} 1`).querySelectorAll('option').length).toBeGreaterThan(1),
    SERVER_WAIT,
  );
}

function chooseFirstOption(label: string) {
  const select = screen.getByLabelText(label) as HTMLSelectElement;
  fireEvent.change(select, { target: { value: select.options[1]!.value } });
}

describe('product form validation', () => {
  it('an empty form: name, price, main and sub category, and the row’s size and colour are required', async () => {
    await openForm();
    submit();
    await waitFor(() => expect(fieldMessage('p-name')).toBe(m.nameRequired), SERVER_WAIT);
    expect(fieldMessage('p-price')).toBe(m.priceRequired);
    expect(fieldMessage('p-main')).toBe(m.mainCategoryRequired);
    expect(fieldMessage('p-sub')).toBe(m.subCategoryRequired);
    expect(rowMessage(m.chooseSize, 1)).toBe(m.sizeRequired);
    expect(rowMessage(m.chooseColor, 1)).toBe(m.colorRequired);
  });

  it('a price with more than two decimals', async () => {
    await openForm();
    fireEvent.change(screen.getByLabelText(m.price, { exact: false }), { target: { value: '12.345' } });
    submit();
    await waitFor(() => expect(fieldMessage('p-price')).toBe(m.priceInvalid), SERVER_WAIT);
  });

  it('a negative stock', async () => {
    await openForm();
    fireEvent.change(screen.getByLabelText(`${m.stockQuantity} 1`), { target: { value: '-1' } });
    submit();
    await waitFor(() => expect(rowMessage(m.stockQuantity, 1)).toBe(m.stockMin), SERVER_WAIT);
  });

  it('the same size and colour twice', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('button', { name: `+ ${m.addVariant}` }));
    for (const row of [1, 2]) {
      chooseFirstOption(`${m.chooseSize} ${row}`);
      chooseFirstOption(`${m.chooseColor} ${row}`);
    }
    submit();
    await waitFor(() => expect(screen.getByText(m.duplicateVariant).getAttribute('role')).toBe('alert'), SERVER_WAIT);
  });

  it('the sub category waits for the main category', async () => {
    await openForm();
    expect((screen.getByLabelText(m.subCategory, { exact: false }) as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText(m.chooseMainFirst)).toBeTruthy();
  });
});

/** The product as the app answers it now (GET /api/Product/{id}). */
async function productNow(): Promise<ProductDto> {
  const res = await fetch(`/api/Product/${server.product.productId}`);
  return (await res.json()) as ProductDto;
}

const priceField = () => screen.getByLabelText(m.price, { exact: false }) as HTMLInputElement;
const openDialog = () => document.querySelector('dialog[open]');

describe('the price field', () => {
  it('is a text field that shows the price the shop’s way and saves "59,90" as 59,90 €, not 5 990 €', async () => {
    await loginAs(server.staff);
    renderInApp(<ProductForm product={await productNow()} />);
    await waitFor(() => expect(priceField().value).toBe('49,90'), SERVER_WAIT);
    expect(priceField().type).toBe('text');
    expect(priceField().inputMode).toBe('decimal');
    fireEvent.change(priceField(), { target: { value: '59,90' } });
    submit();
    await waitFor(async () => expect((await productNow()).price).toBe(59.9), SERVER_WAIT);
    expect(openDialog()).toBeNull();
  });

  it('asks before saving a price over ten times the current one, and saves nothing when cancelled', async () => {
    await loginAs(server.staff);
    const before = await productNow();
    renderInApp(<ProductForm product={before} />);
    await waitFor(() => expect(priceField().value).not.toBe(''), SERVER_WAIT);
    const tenfold = Math.round(before.price * 1000 + 1) / 100; // ten times the price and one cent
    fireEvent.change(priceField(), { target: { value: String(tenfold).replace('.', ',') } });
    submit();
    await waitFor(() => expect(openDialog()).not.toBeNull(), SERVER_WAIT);
    expect(openDialog()!.textContent).toContain(
      fill(m.priceJump, { price: formatEuro(tenfold), current: formatEuro(before.price) }),
    );
    fireEvent.click(within(openDialog() as HTMLElement).getByRole('button', { name: messages.common.cancel }));
    await waitFor(() => expect(openDialog()).toBeNull());
    expect((await productNow()).price).toBe(before.price);

    submit();
    await waitFor(() => expect(openDialog()).not.toBeNull(), SERVER_WAIT);
    fireEvent.click(within(openDialog() as HTMLElement).getByRole('button', { name: m.priceJumpConfirm }));
    await waitFor(async () => expect((await productNow()).price).toBe(tenfold), SERVER_WAIT);
  });
});

