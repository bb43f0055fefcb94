// Phones in one form (issue 35, decision 246): the stored phones of users, orders and saved addresses become E.164
// ("044 123 456", "+383 44 123 456" and "044123456" all "+38344123456"), placed by the order's or address's country
// (Kosovo for an account, which has none). A value that does not parse is left as it is. Read and written in
// pages by id, only the rows whose value changes. The contact form's phone is free text (decision 101) and stays.
// The rule is src/shared/phone.ts's canonicalPhone: a later change to it cannot reach this migration's past runs,
// and a new database has no rows for it, so it is imported rather than copied.
import type { Kysely } from 'kysely';
import { callingCodeOf, canonicalPhone } from '#shared/phone';

const PAGE = 500;

interface PhoneTable {
  table: 'users' | 'orders' | 'customer_addresses';
  id: 'user_id' | 'order_id' | 'address_id';
  /** The country's name beside each row (none for accounts). */
  country: 'orders' | 'addresses' | null;
}

const TABLES: readonly PhoneTable[] = [
  { table: 'users', id: 'user_id', country: null },
  { table: 'orders', id: 'order_id', country: 'orders' },
  { table: 'customer_addresses', id: 'address_id', country: 'addresses' },
];

type Row = { id: number; phone: string | null; country_name: string | null };

/** One page of a table's rows after id `after`: id, phone and the country's name. */
async function page(db: Kysely<any>, t: PhoneTable, after: number): Promise<Row[]> {
  if (t.country === 'addresses')
    return db
      .selectFrom('customer_addresses as a')
      .leftJoin('countries as c', 'c.country_id', 'a.country_id')
      .select(['a.address_id as id', 'a.phone_number as phone', 'c.country_name'])
      .where('a.address_id', '>', after)
      .orderBy('a.address_id')
      .limit(PAGE)
      .execute();
  const rows = await db
    .selectFrom(t.table)
    .select([`${t.id} as id`, 'phone_number as phone', ...(t.country ? ['country_name'] : [])])
    .where(t.id, '>', after)
    .orderBy(t.id)
    .limit(PAGE)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), phone: r.phone as string | null, country_name: r.country_name ?? null }));
}

/** The page's changed rows written together (PostgreSQL runs the migration in a transaction already; SQLite does not). */
async function inOneTransaction(db: Kysely<any>, work: (trx: Kysely<any>) => Promise<void>): Promise<void> {
  if (db.isTransaction) await work(db);
  else await db.transaction().execute(work);
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const t of TABLES) {
    let after = 0;
    for (;;) {
      const rows = await page(db, t, after);
      const changed = rows.flatMap((r) => {
        const e164 = r.phone ? canonicalPhone(r.phone, callingCodeOf(r.country_name)) : null;
        return e164 && e164 !== r.phone ? [{ id: r.id, e164 }] : [];
      });
      if (changed.length)
        await inOneTransaction(db, async (trx) => {
          for (const c of changed)
            await trx.updateTable(t.table).set({ phone_number: c.e164 }).where(t.id, '=', c.id).execute();
        });
      if (rows.length < PAGE) break;
      after = Number(rows[rows.length - 1]!.id);
    }
  }
}

/** Nothing to undo: the E.164 form is a phone every version of the shop reads and shows. */
export async function down(): Promise<void> {}
