// The audit trail (issue 28, decision 228). recordAudit is called by every staff write inside its own transaction:
// the row commits or rolls back with the write. Who and from where come from the request context both doors set;
// what changed is computed here from the entity's state before and after (changed fields only, secrets masked).
import { shopDayStartIso, addDays } from '#shared/dates';
import type { AuditPageDto, AuditRowDto } from '#shared/dto/audit';
import type { AuditEntity, ListAuditInput } from '#shared/schemas/audit';
import { pageWindow } from '#shared/schemas/paging';
import type { DB } from '#server/db/client';
import { changedFields, type AuditState } from './audit-changes';
import * as q from './audit.queries';
import { currentRequestContext } from './request-context';

export interface AuditEvent {
  entity: AuditEntity;
  entityId: number;
  /** What was done: create, update, delete, or a named step (cancel, return, status, resend, import, …). */
  action: string;
  /** The entity's state before the write (null: created). */
  before: AuditState;
  /** The entity's state after the write (null: deleted). */
  after: AuditState;
}

let contextRequired = false;

/**
 * Makes a staff write outside a door's request context fail loudly instead of writing an unattributed row. The test
 * suites' setup file (src/server/testing/setup.ts) calls it, so no path can write such rows unnoticed; the shop itself
 * records them with no actor rather than refuse a write.
 */
export function requireAuditContext(): void {
  contextRequired = true;
}

/** Writes one audit row with `trx` (the write's own transaction), attributed from the door's request context. */
export async function recordAudit(trx: DB, event: AuditEvent): Promise<void> {
  const context = currentRequestContext();
  if (!context && contextRequired)
    throw new Error(`recordAudit(${event.entity} ${event.entityId}) ran outside a request context`);
  await q.insertAudit(trx, {
    created_at: new Date().toISOString(),
    actor_id: context?.actorId ?? null,
    ip: context?.ip ?? null,
    entity: event.entity,
    entity_id: event.entityId,
    action: event.action,
    changes: JSON.stringify(changedFields(event.before, event.after)),
  });
}

type Row = Awaited<ReturnType<typeof q.pageAudit>>['rows'][number];

const toRow = (r: Row, names: Map<number, string>): AuditRowDto => ({
  auditID: r.audit_id,
  createdAt: r.created_at,
  actorID: r.actor_id,
  actorName: r.actor_id === null ? null : (names.get(r.actor_id) ?? null),
  ip: r.ip,
  entity: r.entity as AuditEntity,
  entityID: r.entity_id,
  action: r.action,
  changes: JSON.parse(r.changes) as AuditRowDto['changes'],
});

/** Names of user ids (the accounts module's displayNames, passed in by the door: audit depends on no module). */
export type NamesOf = (ids: number[]) => Promise<Map<number, string>>;

/** One page of the trail, newest first, filtered by person, entity (+ id) and shop-time days (both inclusive). */
export async function auditPage(db: DB, input: ListAuditInput, namesOf: NamesOf): Promise<AuditPageDto> {
  const { page, pageSize, limit, offset } = pageWindow(input);
  const filter: q.AuditFilter = {
    actorId: input.actorId,
    entity: input.entity,
    entityId: input.entityId,
    from: input.from ? shopDayStartIso(input.from) : undefined,
    to: input.to ? shopDayStartIso(addDays(input.to, 1)) : undefined,
  };
  const { rows, total } = await q.pageAudit(db, filter, limit, offset);
  const actorIds = await q.auditActorIds(db);
  const names = await namesOf(actorIds);
  const people = actorIds
    .map((id) => ({ id, name: names.get(id) ?? `#${id}` }))
    .sort((a, b) => a.name.localeCompare(b.name, 'sq'));
  return { items: rows.map((r) => toRow(r, names)), total, page, pageSize, people };
}

/** Reads an entity's state for its audit row (null when it does not exist). */
export type StateOf = (db: DB, id: number) => Promise<AuditState>;

/** Which entity a write changes: a known one, or (a creation) the one `idOf` names from the write's result. */
export type AuditTarget<T> = { entity: AuditEntity; action: string } & (
  { entityId: number } | { idOf: (out: T) => number }
);

/** The write's own transaction: `db` itself when it already is one, else a new one. */
const inTransaction = <T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : db.transaction().execute(fn);

/**
 * A staff write and its audit row in one transaction: the entity's state is read before and after `write`, and the
 * difference recorded. For a creation (no `entityId`), `idOf` names the new entity from the write's result.
 */
export function audited<T>(db: DB, what: AuditTarget<T>, stateOf: StateOf, write: (trx: DB) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    const known = 'entityId' in what ? what.entityId : undefined;
    const before = known === undefined ? null : await stateOf(trx, known);
    const out = await write(trx);
    const entityId = 'entityId' in what ? what.entityId : what.idOf(out);
    const after = await stateOf(trx, entityId);
    await recordAudit(trx, { entity: what.entity, entityId, action: what.action, before, after });
    return out;
  });
}
