// The couriers staff hand parcels to (decision 229): a name and a tracking URL pattern with {tracking}. Shipped
// orders keep the courier's name and their own tracking link, so editing or deleting a courier changes no order.
import { staffMessages } from '#shared/messages-staff';
import type { CourierDto } from '#shared/dto/orders';
import type { CourierInput, UpdateCourierInput } from '#shared/schemas/orders';
import type { AppDeps } from '#server/deps';
import { isUniqueViolation } from '#server/db/errors';
import { AppError, notFound } from '#server/errors';
import { audited } from '../audit';
import * as q from './couriers.queries';

type Deps = Pick<AppDeps, 'db'>;
const st = staffMessages.orderStages;

const toDto = (r: { courier_id: number; name: string; tracking_url_pattern: string | null }): CourierDto => ({
  courierId: r.courier_id,
  name: r.name,
  trackingUrlPattern: r.tracking_url_pattern,
});

const nameTaken = () => new AppError('CONFLICT', st.courierNameTaken, { name: [st.courierNameTaken] });

export async function listCouriers(deps: Deps): Promise<CourierDto[]> {
  return (await q.listCouriers(deps.db)).map(toDto);
}

export async function courierById(deps: Deps, id: number): Promise<CourierDto | null> {
  const row = await q.courierById(deps.db, id);
  return row ? toDto(row) : null;
}

/** What the audit trail records of a courier (decision 228). */
async function courierState(db: Deps['db'], id: number) {
  const row = await q.courierById(db, id);
  return row ? { name: row.name, tracking_url_pattern: row.tracking_url_pattern } : null;
}

export async function createCourier(deps: Deps, input: CourierInput): Promise<CourierDto> {
  try {
    const id = await audited(
      deps.db,
      { entity: 'courier', action: 'create', idOf: (n: number) => n },
      courierState,
      (trx) => q.insertCourier(trx, input.name, input.trackingUrlPattern),
    );
    return { courierId: id, name: input.name, trackingUrlPattern: input.trackingUrlPattern };
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function updateCourier(deps: Deps, input: UpdateCourierInput): Promise<CourierDto> {
  try {
    await audited(
      deps.db,
      { entity: 'courier', action: 'update', entityId: input.courierId },
      courierState,
      async (trx) => {
        if ((await q.updateCourier(trx, input.courierId, input.name, input.trackingUrlPattern)) === 0)
          throw notFound(st.courierNotFound);
      },
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return { courierId: input.courierId, name: input.name, trackingUrlPattern: input.trackingUrlPattern };
}

export async function deleteCourier(deps: Deps, id: number): Promise<{ courierId: number }> {
  await audited(deps.db, { entity: 'courier', action: 'delete', entityId: id }, courierState, async (trx) => {
    if ((await q.deleteCourier(trx, id)) === 0) throw notFound(st.courierNotFound);
  });
  return { courierId: id };
}
