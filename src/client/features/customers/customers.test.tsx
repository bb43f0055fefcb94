// @vitest-environment happy-dom
// The customers screen against the real app (../../test/server.ts, decision 256): one buyer for a guest's phone order
// typed "044 …" and an e-mail order typed "+383 44 …", with its two orders, its spend through formatEuro and no
// account; the accounts tab lists the accounts.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';
import { queryClient } from '#client/lib/trpc';
import { loginAs } from '#client/test/login';
import { renderInApp } from '#client/test/render';
import { startClientTestServer, type ClientTestServer } from '#client/test/server';
import { CustomersScreen } from './customers';

const c = staffMessages.customers;
const WAIT = { timeout: 15_000 };

let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer();
  await loginAs(server.admin);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  queryClient.clear();
});

/** The cell of a row under a column's name (the table's data-label). */
const cell = (row: HTMLElement, label: string) => row.querySelector(`td[data-label="${label}"]`)?.textContent;

describe('customers screen', () => {
  it('shows one buyer for a phone typed two ways, with orders, spend, returns, refusals and no account', async () => {
    renderInApp(<CustomersScreen tab="buyers" />);
    const name = await screen.findByText('Liridona Morina', {}, WAIT);
    const row = name.closest('tr')!;
    expect(screen.getAllByText('Liridona Morina')).toHaveLength(1);
    expect(cell(row, c.orders)).toBe('2');
    expect(cell(row, c.spend)).toBe(formatEuro(65));
    expect(cell(row, c.returns)).toBe('0');
    expect(cell(row, c.refusals)).toBe('0');
    expect(cell(row, c.delivered)).toBe('2');
    expect(cell(row, c.account)).toBe(c.no);
    expect(within(row).getByText('+383 44 555 777')).toBeTruthy();
    expect(within(row).getByText('liridona@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: c.buyersTab }).className).toContain('is-active');
  }, 30_000);

  it("shows the shop's refusal rule (2 by default) and that no phone is blocked (decision 272)", async () => {
    renderInApp(<CustomersScreen tab="buyers" />);
    const rule = await screen.findByLabelText<HTMLInputElement>(staffMessages.codRisk.rule, {}, WAIT);
    await waitFor(() => expect(rule.value).toBe('2'), WAIT);
    // What a risky order needs: a phone call out of the box (decision 277 adds the deposit by transfer).
    const needs = screen.getByLabelText<HTMLSelectElement>(staffMessages.codRisk.requirement);
    await waitFor(() => expect(needs.value).toBe('call'), WAIT);
    expect(await screen.findByText(staffMessages.codRisk.noBlocked, {}, WAIT)).toBeTruthy();
  }, 30_000);

  it('lists the accounts on the second tab', async () => {
    renderInApp(<CustomersScreen tab="accounts" />);
    expect(await screen.findByText(server.admin.email, {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: c.accountsTab }).className).toContain('is-active');
  }, 30_000);
});
