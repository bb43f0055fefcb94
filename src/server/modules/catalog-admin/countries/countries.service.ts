// Staff country rules: names unique; shipping prices in cents; orders keep the country's name as a snapshot.
import { staffMessages } from '../../../../shared/messages-staff';
import { centsToEuros, eurosToCents } from '../../../../shared/money';
import type { CountryDto } from '../../../../shared/dto/catalog';
import type { CountryInput } from '../../../../shared/schemas/catalog-admin';
import type { AppDeps } from '../../../deps';
import { notFound } from '../../../errors';
import { uniqueOr409, written } from '../writes';
import * as q from './countries.queries';

const toCountry = (id: number, name: string, cents: number): CountryDto => ({ countryID: id, countryName: name, name, shippingPrice: centsToEuros(cents) });

export async function countryById(deps: AppDeps, id: number): Promise<CountryDto> {
  const row = await q.countryRow(deps.db, id);
  if (!row) throw notFound(staffMessages.dashboard.countryNotFound);
  return toCountry(row.country_id, row.country_name, row.shipping_price_cents);
}

export async function createCountry(deps: AppDeps, input: CountryInput): Promise<CountryDto> {
  const cents = eurosToCents(input.shippingPrice);
  const id = await uniqueOr409('countryName', staffMessages.dashboard.countryTaken, () => q.insertCountry(deps.db, { country_name: input.countryName, shipping_price_cents: cents }));
  return written(toCountry(id, input.countryName, cents));
}

export async function updateCountry(deps: AppDeps, id: number, input: CountryInput): Promise<CountryDto> {
  const cents = eurosToCents(input.shippingPrice);
  const res = await uniqueOr409('countryName', staffMessages.dashboard.countryTaken, () => q.updateCountry(deps.db, id, { country_name: input.countryName, shipping_price_cents: cents }));
  if (Number(res.numUpdatedRows) === 0) throw notFound(staffMessages.dashboard.countryNotFound);
  return written(toCountry(id, input.countryName, cents));
}

/** Orders keep the country's name as a snapshot (country_id is set null), so deleting is safe. */
export async function deleteCountry(deps: AppDeps, id: number): Promise<{ countryID: number }> {
  const res = await q.deleteCountry(deps.db, id);
  if (Number(res.numDeletedRows) === 0) throw notFound(staffMessages.dashboard.countryNotFound);
  return written({ countryID: id });
}
