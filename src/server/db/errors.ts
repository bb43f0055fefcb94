// Database errors the services turn into answers: a unique-index clash (SQLite and PostgreSQL) is a 409.

/** True when a write failed on a unique index or primary key: SQLite's constraint codes/message or PostgreSQL's 23505. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505') return true;
  return err instanceof Error && /UNIQUE constraint failed/i.test(err.message);
}

/**
 * True when a write failed on one particular unique index: PostgreSQL reports its name (`constraint`) with code
 * 23505; SQLite names the indexed columns in its message ("UNIQUE constraint failed: orders.idempotency_key").
 */
export function isUniqueViolationOn(err: unknown, index: string, sqliteColumns: string): boolean {
  if (!isUniqueViolation(err)) return false;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code === '23505') return e.constraint === index;
  return typeof e.message === 'string' && e.message.includes(sqliteColumns);
}
