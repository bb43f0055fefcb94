// SQL of the rate-limit store: one atomic upsert per counted call, portable to SQLite and PostgreSQL (decision 121).
import type { DB } from '../db/client';

export interface CounterRow {
  points: number;
  expire: number | null;
}

const toRow = (r: { points: number | string; expire: number | string | null }): CounterRow => ({
  points: Number(r.points),
  expire: r.expire === null ? null : Number(r.expire),
});

/**
 * Adds points to a live counter, or starts a new window when the key is absent or expired. One statement
 * (INSERT .. ON CONFLICT DO UPDATE .. RETURNING), so concurrent calls from several processes never lose a count.
 */
export async function addPoints(
  db: DB,
  key: string,
  points: number,
  expire: number | null,
  now: number,
): Promise<CounterRow> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, points, expire })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const live = eb.or([eb('rate_limit_counters.expire', 'is', null), eb('rate_limit_counters.expire', '>', now)]);
        return {
          points: eb
            .case()
            .when(live)
            .then(eb('rate_limit_counters.points', '+', eb.ref('excluded.points')))
            .else(eb.ref('excluded.points'))
            .end(),
          expire: eb.case().when(live).then(eb.ref('rate_limit_counters.expire')).else(eb.ref('excluded.expire')).end(),
        };
      }),
    )
    .returning(['points', 'expire'])
    .executeTakeFirstOrThrow();
  return toRow(row);
}

/** Sets a counter outright (blocks and explicit sets). */
export async function setPoints(db: DB, key: string, points: number, expire: number | null): Promise<CounterRow> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, points, expire })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({ points: eb.ref('excluded.points'), expire: eb.ref('excluded.expire') })),
    )
    .returning(['points', 'expire'])
    .executeTakeFirstOrThrow();
  return toRow(row);
}

export async function findLive(db: DB, key: string, now: number): Promise<CounterRow | null> {
  const row = await db
    .selectFrom('rate_limit_counters')
    .select(['points', 'expire'])
    .where('key', '=', key)
    .where((eb) => eb.or([eb('expire', 'is', null), eb('expire', '>', now)]))
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

export async function deleteKey(db: DB, key: string): Promise<boolean> {
  const res = await db.deleteFrom('rate_limit_counters').where('key', '=', key).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function deleteExpired(db: DB, now: number): Promise<number> {
  const res = await db.deleteFrom('rate_limit_counters').where('expire', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}
