// Staff country rules: names unique; shipping prices in cents; orders keep the country's name as a snapshot.
import { staffMessages } from '#shared/messages-staff';
import { centsToEuros, eurosToCents } from '#shared/money';
import type { CountryDto } from '#shared/dto/catalog';
import type { CountryInput } from '#shared/schemas/catalog-admin';
import type { AppDeps } from '#server/deps';
import { notFound } from '#server/errors';
import { uniqueOr409, written } from '../writes';
import { audited } from '#server/modules/audit';
import { countryState } from '../audit-states.queries';
import * as q from './countries.queries';

type CountryRow = NonNullable<Awaited<ReturnType<typeof q.countryRow>>>;
const toCountry = (r: CountryRow): CountryDto => ({
  countryID: r.country_id,
  countryName: r.country_name,
  name: r.country_name,
  shippingPrice: centsToEuros(r.shipping_price_cents),
  freeShippingFrom: r.free_shipping_from_cents === null ? null : centsToEuros(r.free_shipping_from_cents),
  postalCodeOptional: Number(r.postal_code_optional) === 1,
});

/**
 * The columns a payload writes; freeShippingFrom or postalCodeOptional left out keeps the stored value (the spec's
 * payload has neither).
 */
function countryValues(input: CountryInput): q.CountryValues {
  const v: q.CountryValues = {
    country_name: input.countryName,
    shipping_price_cents: eurosToCents(input.shippingPrice),
  };
  if (input.freeShippingFrom !== undefined)
    v.free_shipping_from_cents = input.freeShippingFrom === null ? null : eurosToCents(input.freeShippingFrom);
  if (input.postalCodeOptional !== undefined) v.postal_code_optional = input.postalCodeOptional ? 1 : 0;
  return v;
}

export async function countryById(deps: AppDeps, id: number): Promise<CountryDto> {
  const row = await q.countryRow(deps.db, id);
  if (!row) throw notFound(staffMessages.dashboard.countryNotFound);
  return toCountry(row);
}

export async function createCountry(deps: AppDeps, input: CountryInput): Promise<CountryDto> {
  const id = await uniqueOr409('countryName', staffMessages.dashboard.countryTaken, () =>
    audited(deps.db, { entity: 'country', action: 'create', idOf: (n: number) => n }, countryState, (tx) =>
      q.insertCountry(tx, countryValues(input)),
    ),
  );
  return written(await countryById(deps, id));
}

export async function updateCountry(deps: AppDeps, id: number, input: CountryInput): Promise<CountryDto> {
  await uniqueOr409('countryName', staffMessages.dashboard.countryTaken, () =>
    audited(deps.db, { entity: 'country', action: 'update', entityId: id }, countryState, async (tx) => {
      const res = await q.updateCountry(tx, id, countryValues(input));
      if (Number(res.numUpdatedRows) === 0) throw notFound(staffMessages.dashboard.countryNotFound);
    }),
  );
  return written(await countryById(deps, id));
}

/** Orders keep the country's name as a snapshot (country_id is set null), so deleting is safe. */
export async function deleteCountry(deps: AppDeps, id: number): Promise<{ countryID: number }> {
  await audited(deps.db, { entity: 'country', action: 'delete', entityId: id }, countryState, async (tx) => {
    const res = await q.deleteCountry(tx, id);
    if (Number(res.numDeletedRows) === 0) throw notFound(staffMessages.dashboard.countryNotFound);
  });
  return written({ countryID: id });
}
