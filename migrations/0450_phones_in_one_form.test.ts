// Migration 0450 on rows written before it (SQLite, or PostgreSQL under test:pg): users', orders' and saved addresses'
// phones become E.164 by their country (Kosovo for accounts), what does not parse stays as it was, and running it
// again changes nothing.
import { describe, expect, it } from 'vitest';
import { createTestDeps } from '#server/testing/db';
import { createCountry } from '#server/testing/factories';
import { up } from './0450_phones_in_one_form';

const ORDER = {
  order_date: '2026-11-02T10:00:00.000Z',
  first_name: 'Arta',
  last_name: 'Hoxha',
  email: '',
  address: 'Rr. 1',
  city: 'Prishtinë',
  zip_code: '',
  subtotal_cents: 2000,
  shipping_cost_cents: 200,
  total_cents: 2200,
};

describe('0450 phones in one form', () => {
  it('stores the phones of users, orders and addresses as E.164 by their country and leaves the rest', async () => {
    const { db } = await createTestDeps();
    const kosovo = await createCountry(db, { name: 'Kosovë' });
    const albania = await createCountry(db, { name: 'Shqipëri' });
    const user = (email: string, phone_number: string) =>
      db
        .insertInto('users')
        .values({ first_name: 'Arta', last_name: 'Hoxha', email, phone_number, role_id: 1 } as never)
        .returning('user_id')
        .executeTakeFirstOrThrow()
        .then((r) => r.user_id);
    const users = [
      await user('a@example.com', '044123456'),
      await user('b@example.com', '+383 45 222 333'),
      await user('c@example.com', '0692045678'), // no Kosovo number, and an account has no country: kept
      await user('d@example.com', ''),
      await user('e@example.com', 'thirrni pas 5'),
    ];
    const order = (phone_number: string, country_id: number, country_name: string) =>
      db
        .insertInto('orders')
        .values({ ...ORDER, phone_number, country_id, country_name } as never)
        .returning('order_id')
        .executeTakeFirstOrThrow()
        .then((r) => r.order_id);
    const orders = [
      await order('044 123 456', kosovo, 'Kosovë'),
      await order('0692045678', albania, 'Shqipëri'),
      await order('00355 69 204 5678', albania, 'Shqipëri'),
      await order('+38344123456', kosovo, 'Kosovë'),
      await order('12 34', kosovo, 'Kosovë'),
    ];
    const address = await db
      .insertInto('customer_addresses')
      .values({
        user_id: users[0]!,
        first_name: 'Arta',
        last_name: 'Hoxha',
        phone_number: '069 20 45 678',
        country_id: albania,
        city: 'Tiranë',
        address: 'Rr. 2',
        created_at: ORDER.order_date,
        updated_at: ORDER.order_date,
      } as never)
      .returning('address_id')
      .executeTakeFirstOrThrow();

    const read = async () => ({
      users: (await db.selectFrom('users').select(['user_id', 'phone_number']).where('user_id', 'in', users).execute())
        .sort((a, b) => a.user_id - b.user_id)
        .map((r) => r.phone_number),
      orders: (await db.selectFrom('orders').select(['order_id', 'phone_number']).orderBy('order_id').execute()).map(
        (r) => r.phone_number,
      ),
      address: (
        await db
          .selectFrom('customer_addresses')
          .select('phone_number')
          .where('address_id', '=', address.address_id)
          .executeTakeFirstOrThrow()
      ).phone_number,
    });

    await up(db);
    const after = await read();
    expect(after).toEqual({
      users: ['+38344123456', '+38345222333', '0692045678', '', 'thirrni pas 5'],
      orders: ['+38344123456', '+355692045678', '+355692045678', '+38344123456', '12 34'],
      address: '+355692045678',
    });
    expect(orders).toHaveLength(5);
    await up(db);
    expect(await read()).toEqual(after);
    await db.destroy();
  });
});
