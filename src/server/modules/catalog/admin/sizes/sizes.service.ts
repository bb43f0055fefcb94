// Staff size rules: names unique in any case; a size used by variants stays (removing it would delete stock).
import { staffMessages } from '#shared/messages-staff';
import type { SizeDto } from '#shared/dto/catalog';
import type { AppDeps } from '#server/deps';
import { AppError, notFound } from '#server/errors';
import { sizes as catalogSizes } from '#server/modules/catalog';
import { uniqueOr409, written } from '../writes';
import { audited } from '#server/modules/audit';
import { sizeState } from '../audit-states.queries';
import * as q from './sizes.queries';

export async function sizeById(deps: AppDeps, id: number): Promise<SizeDto> {
  const found = (await catalogSizes(deps.db)).value.find((s) => s.sizeID === id);
  if (!found) throw notFound(staffMessages.dashboard.sizeNotFound);
  return found;
}

export async function createSize(deps: AppDeps, name: string): Promise<SizeDto> {
  const id = await uniqueOr409('sizeName', staffMessages.dashboard.sizeTaken, () =>
    audited(deps.db, { entity: 'size', action: 'create', idOf: (n: number) => n }, sizeState, (tx) =>
      q.insertSize(tx, name),
    ),
  );
  return written({ sizeID: id, sizeName: name });
}

export async function updateSize(deps: AppDeps, id: number, name: string): Promise<SizeDto> {
  await uniqueOr409('sizeName', staffMessages.dashboard.sizeTaken, () =>
    audited(deps.db, { entity: 'size', action: 'update', entityId: id }, sizeState, async (tx) => {
      const res = await q.updateSize(tx, id, name);
      if (Number(res.numUpdatedRows) === 0) throw notFound(staffMessages.dashboard.sizeNotFound);
    }),
  );
  return written({ sizeID: id, sizeName: name });
}

/** A size used by variants answers 409: removing it would silently delete stock. */
export async function deleteSize(deps: AppDeps, id: number): Promise<{ sizeID: number }> {
  await audited(deps.db, { entity: 'size', action: 'delete', entityId: id }, sizeState, async (tx) => {
    if ((await q.sizeUsage(tx, id)) > 0) throw new AppError('CONFLICT', staffMessages.dashboard.inUse);
    const res = await q.deleteSize(tx, id);
    if (Number(res.numDeletedRows) === 0) throw notFound(staffMessages.dashboard.sizeNotFound);
  });
  return written({ sizeID: id });
}
