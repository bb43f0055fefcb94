// An order's country name (decision 223): the name frozen on the order, or, for an order that predates that column
// being filled, the country's live name, which the catalogue (owner of countries) gives for the whole list at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCountry, insertOrder } from '#server/testing/factories';
import { getOrder, pageOrders } from './orders.service';

let t: TestApp;
let kosovo: number;
let albania: number;

beforeAll(async () => {
  t = await createTestApp();
  kosovo = await createCountry(t.db, { name: 'Kosovë' });
  albania = await createCountry(t.db, { name: 'Shqipëri' });
});

describe('country names of orders', () => {
  it('shows the frozen name, else the live one, else nothing', async () => {
    const frozen = await insertOrder(t.db, { countryId: kosovo, countryName: 'Kosova (e vjetër)' });
    const live = await insertOrder(t.db, { countryId: albania, countryName: '' });
    const none = await insertOrder(t.db, { countryId: null, countryName: '' });
    const page = await pageOrders(t, { page: 1, pageSize: 50 });
    const nameOf = (id: number) => page.items.find((o) => o.orderId === id)?.countryName;
    expect([nameOf(frozen), nameOf(live), nameOf(none)]).toEqual(['Kosova (e vjetër)', 'Shqipëri', '']);
    expect((await getOrder(t, live)).countryName).toBe('Shqipëri');
    expect((await getOrder(t, frozen)).countryName).toBe('Kosova (e vjetër)');
  });
});
