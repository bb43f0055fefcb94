// The scale shop's people (issue 38): customers with accounts (one shared password hash: argon2 is too slow to run
// fifty thousand times, and any customer can then sign in with SCALE_CUSTOMER_PASSWORD), a saved address for two in
// five of them, and three staff members who work the orders.
import { ROLE_CUSTOMER, ROLE_STAFF } from '#shared/roles';
import type { DB } from '#server/db/client';
import { hashPassword } from '#server/modules/accounts';
import { insertReturningIds, insertRows, type Row } from './build.queries';
import type { Reference } from './catalogue';
import { asciiLower, FIRST_NAMES, kosovoCity, kosovoPhone, LAST_NAMES, STREETS, type Drawer } from './names';

export const SCALE_CUSTOMER_PASSWORD = 'Klient#2026';
const DOMAINS = ['example.com', 'example.net', 'example.org'];
const DAY = 86_400_000;

export interface Person {
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface People {
  customers: Person[];
  staffIds: number[];
}

/** A name, an address and a phone for a guest or a new customer. */
export function randomPerson(d: Drawer, n: number): Omit<Person, 'userId'> {
  const firstName = d.pick(FIRST_NAMES);
  const lastName = d.pick(LAST_NAMES);
  return {
    firstName,
    lastName,
    email: `${asciiLower(firstName)}.${asciiLower(lastName)}${n}@${DOMAINS[n % DOMAINS.length]}`,
    phone: kosovoPhone(d),
  };
}

export async function buildPeople(
  db: DB,
  d: Drawer,
  count: number,
  opts: { nowMs: number; ref: Reference },
): Promise<People> {
  const hash = await hashPassword(SCALE_CUSTOMER_PASSWORD);
  const staff = [
    ['Blerim', 'Gashi'],
    ['Teuta', 'Rexhepi'],
    ['Visar', 'Limani'],
  ].map(([first, last], k) => ({
    first_name: first!,
    last_name: last!,
    email: `staf${k + 1}@butiku.shop`,
    phone_number: kosovoPhone(d),
    password_hash: hash,
    role_id: ROLE_STAFF,
  }));
  const staffIds = await insertReturningIds(db, 'users', 'user_id', staff);
  const people = Array.from({ length: count }, (_, i) => randomPerson(d, i + 1));
  const rows: Array<Row<'users'>> = people.map((p) => {
    const created = new Date(opts.nowMs - d.int(730) * DAY - d.int(DAY)).toISOString();
    return {
      first_name: p.firstName,
      last_name: p.lastName,
      email: p.email,
      phone_number: p.phone,
      password_hash: hash,
      role_id: ROLE_CUSTOMER,
      created_at: created,
      updated_at: created,
    };
  });
  const ids = await insertReturningIds(db, 'users', 'user_id', rows);
  const kosovo = opts.ref.countryRows[0]!.country_id;
  const addresses: Array<Row<'customer_addresses'>> = [];
  for (const [k, p] of people.entries()) {
    if (k % 5 >= 2) continue;
    const [city] = kosovoCity(d);
    const at = rows[k]!.created_at!;
    addresses.push({
      user_id: ids[k]!,
      first_name: p.firstName,
      last_name: p.lastName,
      phone_number: p.phone,
      country_id: kosovo,
      city,
      address: `${d.pick(STREETS)} ${1 + d.int(120)}`,
      zip_code: '',
      created_at: at,
      updated_at: at,
    });
  }
  await insertRows(db, 'customer_addresses', addresses);
  return { customers: people.map((p, k) => ({ ...p, userId: ids[k]! })), staffIds };
}
