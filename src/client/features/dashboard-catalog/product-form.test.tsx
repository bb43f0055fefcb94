// @vitest-environment happy-dom
// The product form shows the shared schema's message for each kind of bad input; categories, sizes and colours
// come from the real app (../../test/server.ts).
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '../../../shared/messages-staff';
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
