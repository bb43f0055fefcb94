// @vitest-environment happy-dom
// The product form shows the shared schema's message for each kind of bad input, reads a price typed the way the
// shop writes it, asks before saving a tenfold price, and its size × colour generator fills the variants table;
// categories, sizes and colours come from the real app (../../test/server.ts).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto } from '#shared/dto/catalog';
import { fill, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';
import { loginAs } from '#client/test/login';
import { renderInApp } from '#client/test/render';
import { startClientTestServer, type ClientTestServer } from '#client/test/server';
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

  it('a message goes once its field is fixed; the others stay (issue 25)', async () => {
    await openForm();
    submit();
    await waitFor(() => expect(fieldMessage('p-name')).toBe(m.nameRequired), SERVER_WAIT);
    fireEvent.change(screen.getByLabelText(m.productName, { exact: false }), { target: { value: 'Fustan' } });
    expect(fieldMessage('p-name')).toBeNull();
    expect(fieldMessage('p-price')).toBe(m.priceRequired);
    chooseFirstOption(`${m.chooseSize} 1`);
    expect(rowMessage(m.chooseSize, 1)).toBeNull();
    expect(rowMessage(m.chooseColor, 1)).toBe(m.colorRequired);
    fireEvent.change(screen.getByLabelText(m.price, { exact: false }), { target: { value: '19.90' } });
    expect(fieldMessage('p-price')).toBeNull();
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
    fireEvent.click(within(openDialog() as HTMLElement).getByRole('button', { name: m.priceJumpKeep }));
    await waitFor(() => expect(openDialog()).toBeNull());
    expect((await productNow()).price).toBe(before.price);

    submit();
    await waitFor(() => expect(openDialog()).not.toBeNull(), SERVER_WAIT);
    fireEvent.click(within(openDialog() as HTMLElement).getByRole('button', { name: m.priceJumpConfirm }));
    await waitFor(async () => expect((await productNow()).price).toBe(tenfold), SERVER_WAIT);
  });
});

describe('the size × colour generator', () => {
  /** The checkboxes of one of the generator's lists, in their order. */
  const boxes = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('checkbox') as HTMLInputElement[];
  const rowValues = () =>
    screen.getAllByLabelText(new RegExp(`^${m.chooseSize} \\d+$`)).map((size, i) => {
      const colour = screen.getByLabelText(`${m.chooseColor} ${i + 1}`) as HTMLSelectElement;
      const stock = screen.getByLabelText(`${m.stockQuantity} ${i + 1}`) as HTMLInputElement;
      return `${(size as HTMLSelectElement).value}:${colour.value}:${stock.value}`;
    });

  it('makes every size × colour in one step with the stock given, skipping rows that exist', async () => {
    const { token } = await loginAs(server.staff);
    const made = await fetch('/api/Size', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ sizeName: 'Gjenerator' }),
    });
    expect(made.status).toBe(201);
    await openForm();
    await waitFor(() => expect(boxes('generator-sizes').length).toBeGreaterThanOrEqual(3), SERVER_WAIT);
    const sizes = boxes('generator-sizes').slice(0, 3);
    const colours = boxes('generator-colours').slice(1, 3); // [0] is "Pa ngjyrë"
    for (const box of [...sizes, ...colours]) fireEvent.click(box);
    fireEvent.change(screen.getByLabelText(m.generatorStock), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: plural(m.generate, 6) }));

    const rows = rowValues();
    expect(rows).toHaveLength(6); // the blank first row made way
    expect(new Set(rows).size).toBe(6);
    for (const r of rows) expect(r).toMatch(/^\d+:\d+:4$/);
    expect(screen.getByText(plural(m.generated, 6))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: plural(m.generate, 6) }));
    expect(rowValues()).toEqual(rows);
    expect(screen.getByRole('status').textContent).toBe(`${plural(m.generated, 0)} ${plural(m.generatedExisting, 6)}`);
  });

  it('offers "Pa ngjyrë" first, for products without colours', async () => {
    await openForm();
    await waitFor(() => expect(boxes('generator-colours').length).toBeGreaterThan(1), SERVER_WAIT);
    const noColour = boxes('generator-colours')[0]!;
    expect(noColour.closest('label')!.textContent).toBe('Pa ngjyrë');
    fireEvent.click(boxes('generator-sizes')[0]!);
    fireEvent.click(noColour);
    fireEvent.click(screen.getByRole('button', { name: plural(m.generate, 1) }));
    const colour = screen.getByLabelText(`${m.chooseColor} 1`) as HTMLSelectElement;
    expect(colour.selectedOptions[0]!.textContent).toBe('Pa ngjyrë');
    expect(colour.options[1]!.textContent).toBe('Pa ngjyrë');
  });
});
