// SQL of the audit trail (decision 228): the insert (in the writer's transaction) and the administrators' page.
// There is deliberately no update or delete here: the table is append-only (a trigger refuses both, migration 0295).
import type { DB } from '#server/db/client';

export interface AuditInsert {
  created_at: string;
  actor_id: number | null;
  ip: string | null;
  entity: string;
  entity_id: number;
  action: string;
  changes: string;
}

export async function insertAudit(db: DB, row: AuditInsert): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  actorId?: number;
  entity?: string;
  entityId?: number;
  /** Inclusive lower bound, ISO text. */
  from?: string;
  /** Exclusive upper bound, ISO text. */
  to?: string;
}

function filtered(db: DB, f: AuditFilter) {
  let q = db.selectFrom('audit_log');
  if (f.actorId !== undefined) q = q.where('actor_id', '=', f.actorId);
  if (f.entity !== undefined) q = q.where('entity', '=', f.entity);
  if (f.entityId !== undefined) q = q.where('entity_id', '=', f.entityId);
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<', f.to);
  return q;
}

/** One page newest first and how many rows match. */
export async function pageAudit(db: DB, f: AuditFilter, limit: number, offset: number) {
  const counted = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  if (offset >= total) return { rows: [], total };
  const rows = await filtered(db, f)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('audit_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}

/** The people who wrote anything (for the screen's person filter). */
export async function auditActorIds(db: DB): Promise<number[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select('actor_id')
    .distinct()
    .where('actor_id', 'is not', null)
    .execute();
  return rows.map((r) => r.actor_id!);
}
