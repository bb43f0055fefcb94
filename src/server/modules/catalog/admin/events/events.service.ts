// Staff event (tag) rules: names unique in any case; deleting one unlinks it from its products (they stay).
import { staffMessages } from '#shared/messages-staff';
import type { EventDto } from '#shared/dto/catalog';
import type { AppDeps } from '#server/deps';
import { notFound } from '#server/errors';
import { events as catalogEvents } from '#server/modules/catalog';
import { uniqueOr409, written } from '../writes';
import { audited } from '#server/modules/audit';
import { eventState } from '../audit-states.queries';
import * as q from './events.queries';

export async function eventById(deps: AppDeps, id: number): Promise<EventDto> {
  const found = (await catalogEvents(deps.db)).value.find((e) => e.eventID === id);
  if (!found) throw notFound(staffMessages.dashboard.eventNotFound);
  return found;
}

export async function createEvent(deps: AppDeps, name: string): Promise<EventDto> {
  const id = await uniqueOr409('eventName', staffMessages.dashboard.eventTaken, () =>
    audited(deps.db, { entity: 'event', action: 'create', idOf: (n: number) => n }, eventState, (tx) =>
      q.insertEvent(tx, name),
    ),
  );
  return written({ eventID: id, eventName: name });
}

export async function updateEvent(deps: AppDeps, id: number, name: string): Promise<EventDto> {
  await uniqueOr409('eventName', staffMessages.dashboard.eventTaken, () =>
    audited(deps.db, { entity: 'event', action: 'update', entityId: id }, eventState, async (tx) => {
      const res = await q.updateEvent(tx, id, name);
      if (Number(res.numUpdatedRows) === 0) throw notFound(staffMessages.dashboard.eventNotFound);
    }),
  );
  return written({ eventID: id, eventName: name });
}

/** Events are tags: deleting one unlinks it from its products (they stay). */
export async function deleteEvent(deps: AppDeps, id: number): Promise<{ eventID: number }> {
  await audited(deps.db, { entity: 'event', action: 'delete', entityId: id }, eventState, async (tx) => {
    const res = await q.deleteEvent(tx, id);
    if (Number(res.numDeletedRows) === 0) throw notFound(staffMessages.dashboard.eventNotFound);
  });
  return written({ eventID: id });
}
