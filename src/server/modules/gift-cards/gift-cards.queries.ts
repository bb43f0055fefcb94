// SQL of the gift-cards module (decision 274): owner of gift_cards and gift_card_entries. A card's balance is the sum
// of its rows, read in the writer's transaction after the card's lock, so two spends of one card never both pass a
// check against the same balance.
import { sql, type Insertable } from 'kysely';
import type { DB } from '#server/db/client';
import { isPostgres } from '#server/db/dialect';
import type { GiftCardEntriesTable, GiftCardsTable } from '#server/db/schema';

/** The advisory lock's first key: this ledger (the second is the card). */
const LEDGER_LOCK = 274;

/** Serialises writes to one card until the transaction ends (PostgreSQL advisory lock; SQLite has one writer). */
export async function lockCard(trx: DB, cardId: number): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(${LEDGER_LOCK}, ${cardId})`.execute(trx);
}

export async function balanceCents(db: DB, cardId: number): Promise<number> {
  const row = await db
    .selectFrom('gift_card_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), eb.lit(0)).as('cents'))
    .where('gift_card_id', '=', cardId)
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

const CARD_COLUMNS = [
  'gift_card_id',
  'last4',
  'initial_cents',
  'expires_on',
  'recipient_name',
  'recipient_email',
  'message',
  'source_order_id',
  'created_at',
] as const;

export async function cardByHash(db: DB, hash: string) {
  return db.selectFrom('gift_cards').select(CARD_COLUMNS).where('code_hash', '=', hash).executeTakeFirst();
}

export async function cardById(db: DB, id: number) {
  return db.selectFrom('gift_cards').select(CARD_COLUMNS).where('gift_card_id', '=', id).executeTakeFirst();
}

export type CardRow = NonNullable<Awaited<ReturnType<typeof cardById>>>;

/** Inserts a card; with a source order and unit already carded, writes nothing and answers null. */
export async function insertCard(db: DB, row: Insertable<GiftCardsTable>): Promise<number | null> {
  const res = await db
    .insertInto('gift_cards')
    .values(row)
    .onConflict((oc) => oc.columns(['source_order_id', 'source_unit']).doNothing())
    .returning('gift_card_id')
    .executeTakeFirst();
  return res?.gift_card_id ?? null;
}

export async function setSealedCode(db: DB, id: number, sealed: string | null): Promise<void> {
  await db.updateTable('gift_cards').set({ sealed_code: sealed }).where('gift_card_id', '=', id).execute();
}

/** Takes the sealed code out of the row (null once taken), so it is opened for one e-mail only. */
export async function takeSealedCode(db: DB, id: number): Promise<string | null> {
  const row = await db.selectFrom('gift_cards').select('sealed_code').where('gift_card_id', '=', id).executeTakeFirst();
  if (!row?.sealed_code) return null;
  const res = await db
    .updateTable('gift_cards')
    .set({ sealed_code: null })
    .where('gift_card_id', '=', id)
    .where('sealed_code', '=', row.sealed_code)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? row.sealed_code : null;
}

export async function insertEntry(db: DB, row: Insertable<GiftCardEntriesTable>): Promise<void> {
  await db.insertInto('gift_card_entries').values(row).execute();
}

/** Every row naming the order: its spends and, once given back, its releases (one card per order today). */
export async function orderEntries(db: DB, orderId: number) {
  return db
    .selectFrom('gift_card_entries')
    .select(['gift_card_id', 'amount_cents', 'reason'])
    .where('order_id', '=', orderId)
    .execute();
}

/** The cards an order bought (gift cards sold as products). */
export async function cardIdsOfOrder(db: DB, orderId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('gift_cards')
    .select('gift_card_id')
    .where('source_order_id', '=', orderId)
    .execute();
  return rows.map((r) => r.gift_card_id);
}

/** One page of cards, newest first, with their balances, and how many there are. */
export async function pageCards(db: DB, limit: number, offset: number) {
  const rows = await db
    .selectFrom('gift_cards as c')
    .select(CARD_COLUMNS.map((c) => `c.${c}` as const))
    .select((eb) =>
      eb
        .selectFrom('gift_card_entries as e')
        .select((e) => e.fn.coalesce(e.fn.sum<number | string>('e.amount_cents'), e.lit(0)).as('s'))
        .whereRef('e.gift_card_id', '=', 'c.gift_card_id')
        .as('balance_cents'),
    )
    .orderBy('c.gift_card_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = await db
    .selectFrom('gift_cards')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** Gift cards' spends on live orders placed in [fromIso, toIso): their time and cents (spends are negative rows). */
export async function spendsInRange(db: DB, fromIso: string, toIso: string) {
  return liveSpends(db, fromIso, toIso).select(['s.created_at', 's.amount_cents']).orderBy('s.created_at').execute();
}

/** Gift cards' spends on live orders placed in [fromIso, toIso), cents (index gift_card_entries_reason_created). */
export async function spentInRange(db: DB, fromIso: string, toIso: string): Promise<number> {
  const row = await liveSpends(db, fromIso, toIso)
    .select((eb) => eb.fn.sum<number | string | null>('s.amount_cents').as('cents'))
    .executeTakeFirstOrThrow();
  return -Number(row.cents ?? 0);
}

/** Order spends in the range whose order did not give them back (cancelled, refused or deleted). */
function liveSpends(db: DB, fromIso: string, toIso: string) {
  return db
    .selectFrom('gift_card_entries as s')
    .where('s.reason', '=', 'order_spend')
    .where('s.created_at', '>=', fromIso)
    .where('s.created_at', '<', toIso)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('gift_card_entries as r')
            .select('r.entry_id')
            .whereRef('r.order_id', '=', 's.order_id')
            .where('r.reason', '=', 'order_release'),
        ),
      ),
    );
}
