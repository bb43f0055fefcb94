// SQL of the store-credit module (decision 271): owner of store_credit_entries. The balance is the sum of a customer's
// rows, read in the writer's transaction after the customer's lock, so two writes for one customer never both pass a
// check against the same balance.
import { sql, type Insertable } from 'kysely';
import type { DB } from '#server/db/client';
import { isPostgres } from '#server/db/dialect';
import type { StoreCreditEntriesTable } from '#server/db/schema';

export type NewCreditRow = Insertable<StoreCreditEntriesTable>;

/** The advisory lock's first key: this ledger (the second is the customer). */
const LEDGER_LOCK = 271;

/**
 * Serialises writes to one customer's credit until the transaction ends. PostgreSQL: a transaction-level advisory lock
 * per customer. SQLite: its writes are serialised already (one writer; a second process gets SQLITE_BUSY, not a
 * stale balance).
 */
export async function lockCustomerCredit(trx: DB, userId: number): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(${LEDGER_LOCK}, ${userId})`.execute(trx);
}

/** The sum of the customer's rows in cents (0 without any). */
export async function balanceCents(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('store_credit_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), eb.lit(0)).as('cents'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

export async function insertEntry(db: DB, row: NewCreditRow): Promise<number> {
  const { entry_id } = await db
    .insertInto('store_credit_entries')
    .values(row)
    .returning('entry_id')
    .executeTakeFirstOrThrow();
  return entry_id;
}

/** One page of the customer's rows, newest first, and how many there are. */
export async function pageEntries(db: DB, userId: number, limit: number, offset: number) {
  const rows = await db
    .selectFrom('store_credit_entries')
    .select(['entry_id', 'amount_cents', 'reason', 'order_id', 'return_request_id', 'staff_user_id', 'note'])
    .select('created_at')
    .where('user_id', '=', userId)
    .orderBy('entry_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = await db
    .selectFrom('store_credit_entries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export type CreditRow = Awaited<ReturnType<typeof pageEntries>>['rows'][number];

/** The customer and amount of every row naming the order (its checkout's spend and, once given back, the release). */
export async function orderEntries(db: DB, orderId: number) {
  return db
    .selectFrom('store_credit_entries')
    .select(['user_id', 'amount_cents', 'reason'])
    .where('order_id', '=', orderId)
    .execute();
}

/**
 * Cents of store credit spent by orders placed in [fromIso, toIso) that were not given back (a release means the
 * order was cancelled, refused or deleted, so it is not revenue either). Reads the period's spends by index
 * (store_credit_entries_reason_created), never the orders.
 */
export async function creditSpentInRange(db: DB, fromIso: string, toIso: string): Promise<number> {
  const row = await db
    .selectFrom('store_credit_entries as s')
    .select((eb) => eb.fn.sum<number | string | null>('s.amount_cents').as('cents'))
    .where('s.reason', '=', 'order_spend')
    .where('s.created_at', '>=', fromIso)
    .where('s.created_at', '<', toIso)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('store_credit_entries as r')
            .select('r.entry_id')
            .whereRef('r.order_id', '=', 's.order_id')
            .where('r.reason', '=', 'order_release'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return -Number(row.cents ?? 0);
}
