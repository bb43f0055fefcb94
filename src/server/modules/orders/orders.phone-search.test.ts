// Staff's order search finds a phone however it is typed (decision 246), on the engine's search index: the stored
// E.164 form, a legacy national row the migration could not place, and names searched as words beside them.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/app';
import { insertOrder } from '#server/testing/factories';
import { pageOrders } from './orders.service';

let t: TestApp;
let kosovo: number;
let albania: number;
let legacy: number;

beforeAll(async () => {
  t = await createTestApp();
  kosovo = await insertOrder(t.db, { phoneNumber: '+38344123456', firstName: 'Drita' });
  albania = await insertOrder(t.db, { phoneNumber: '+355692045678', countryName: 'Shqipëri' });
  legacy = await insertOrder(t.db, { phoneNumber: '0692045678', countryName: 'Itali' });
  await insertOrder(t.db, { phoneNumber: '+38349999999' });
});

const found = async (q: string) => (await pageOrders(t, { q, page: 1, pageSize: 50 })).items.map((o) => o.orderId);

describe('order search by phone', () => {
  it.each(['044 123 456', '+383 44 123 456', '+38344123456', '00383 44 123 456', '044-123-456', '044123456'])(
    'finds the Kosovo order by %j',
    async (q) => {
      expect(await found(q)).toEqual([kosovo]);
    },
  );

  it('finds an Albanian number, stored or legacy, by its national and international writings', async () => {
    for (const q of ['+355 69 204 5678', '00355692045678', '069 20 45 678', '069 204 5678'])
      expect((await found(q)).sort((a, b) => a - b)).toEqual([albania, legacy]);
  });

  it('shows every stored phone grouped the way its country writes it', async () => {
    const page = await pageOrders(t, { page: 1, pageSize: 50 });
    const shown = (id: number) => page.items.find((o) => o.orderId === id)?.phoneNumber;
    expect([shown(kosovo), shown(albania), shown(legacy)]).toEqual([
      '+383 44 123 456',
      '+355 69 204 5678',
      '069 204 5678',
    ]);
  });

  it('keeps word search for everything else', async () => {
    expect(await found('Drita')).toEqual([kosovo]);
    expect(await found('44 123')).toEqual([kosovo]);
  });
});
