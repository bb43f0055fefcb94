// The keys of the order rollups (migrations/0440, decision 244): a UTC hour "2026-11-02T09", and a day part, the
// slice of a UTC day between the hours at which a shop day can start (Europe/Belgrade: 22:00 or 23:00 UTC), keyed by
// its first hour: [00, 22) "…T00", [22, 23) "…T22", [23, 24) "…T23". A range read from a rollup must start and end on
// one of its keys, or it would count a slice only partly in it: these helpers refuse any other instant (a shop time
// zone starting its days elsewhere needs a new migration; order-rollups.test.ts checks every shop day start).

/** The hours of a UTC day at which a day part starts (the triggers' CASE in migrations/0440). */
export const DAY_PART_HOURS = ['00', '22', '23'] as const;

const WHOLE_HOUR = /^\d{4}-\d{2}-\d{2}T(\d{2}):00:00(\.000)?Z$/;

/** The rollup key of an instant on a whole UTC hour ("2026-11-02T22:00:00.000Z" → "2026-11-02T22"). */
export function hourKey(at: string): string {
  if (!WHOLE_HOUR.test(at)) throw new Error(`order rollups: ${at} is not on a whole UTC hour`);
  return at.slice(0, 13);
}

/** The day-part key of an instant at which a day part starts (every shop day start is one). */
export function dayPartKey(at: string): string {
  const key = hourKey(at);
  if (!(DAY_PART_HOURS as readonly string[]).includes(key.slice(11, 13)))
    throw new Error(`order rollups: ${at} does not start a day part (${DAY_PART_HOURS.join(', ')} UTC)`);
  return key;
}
