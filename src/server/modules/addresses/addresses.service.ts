// Saved addresses (decision 215): a signed-in customer lists, adds, edits and deletes their own delivery addresses.
// The owner is always the caller (the token), never an id from the request: another customer's address answers 404
// as one that does not exist. At most MAX_SAVED_ADDRESSES per account. The postal code may be empty only where the
// country has none in daily use (countries.postal_code_optional).
import type { SavedAddressDto } from '#shared/dto/addresses';
import { messages, plural } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { checkoutMessages } from '#shared/messages/checkout';
import {
  MAX_SAVED_ADDRESSES,
  type AddressIdInput,
  type SavedAddressInput,
  type UpdateAddressInput,
} from '#shared/schemas/addresses';
import type { AppDeps } from '#server/deps';
import { AppError, notFound } from '#server/errors';
import { requireActor, type Actor } from '../accounts';
import { countryNames, shippingCountry } from '../catalog';
import { callingCodeOf, formatPhone, storedPhone } from '#shared/phone';
import * as q from './addresses.queries';

const toDto = (r: q.AddressRow & { country_name: string }): SavedAddressDto => ({
  addressID: r.address_id,
  firstName: r.first_name,
  lastName: r.last_name,
  phoneNumber: formatPhone(r.phone_number, callingCodeOf(r.country_name)),
  countryID: r.country_id,
  countryName: r.country_name,
  city: r.city,
  address: r.address,
  zipCode: r.zip_code,
});

/** The owner's addresses with their countries' names (asked of the catalogue, which owns countries, in one query). */
async function addressesOf(deps: AppDeps, userId: number) {
  const rows = await q.addressesOf(deps.db, userId);
  const names = await countryNames(
    deps,
    rows.map((r) => r.country_id),
  );
  return rows.flatMap((r) => {
    const name = names.get(r.country_id);
    return name === undefined ? [] : [{ ...r, country_name: name }];
  });
}

export async function listAddresses(deps: AppDeps, actor: Actor | null): Promise<SavedAddressDto[]> {
  const a = requireActor(actor);
  return (await addressesOf(deps, a.userId)).map(toDto);
}

/** The row's values after the country's rules: it must exist; an empty postal code only where none is in use. */
async function checkedValues(deps: AppDeps, input: SavedAddressInput) {
  const country = await shippingCountry(deps.db, input.countryID);
  if (!country)
    throw new AppError('BAD_REQUEST', checkoutMessages.checkout.unknownCountry, {
      countryID: [checkoutMessages.checkout.unknownCountry],
    });
  if (!input.zipCode && !country.postalCodeOptional)
    throw new AppError('BAD_REQUEST', messages.common.required, { zipCode: [messages.common.required] });
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    phone_number: storedPhone(input.phoneNumber, callingCodeOf(country.name)), // decision 246
    country_id: input.countryID,
    city: input.city,
    address: input.address,
    zip_code: input.zipCode,
    updated_at: new Date().toISOString(),
  };
}

const one = async (deps: AppDeps, userId: number, addressId: number) => {
  const found = (await addressesOf(deps, userId)).find((r) => r.address_id === addressId);
  if (!found) throw notFound(accountMessages.addresses.notFound);
  return toDto(found);
};

export async function createAddress(
  deps: AppDeps,
  actor: Actor | null,
  input: SavedAddressInput,
): Promise<SavedAddressDto> {
  const a = requireActor(actor);
  const values = await checkedValues(deps, input);
  if ((await q.countAddresses(deps.db, a.userId)) >= MAX_SAVED_ADDRESSES) {
    const text = plural(accountMessages.addresses.tooMany, MAX_SAVED_ADDRESSES);
    throw new AppError('CONFLICT', text);
  }
  const id = await q.insertAddress(deps.db, { ...values, user_id: a.userId, created_at: values.updated_at });
  return one(deps, a.userId, id);
}

export async function updateAddress(
  deps: AppDeps,
  actor: Actor | null,
  input: UpdateAddressInput,
): Promise<SavedAddressDto> {
  const a = requireActor(actor);
  const values = await checkedValues(deps, input);
  if (!(await q.updateAddress(deps.db, a.userId, input.addressId, values)))
    throw notFound(accountMessages.addresses.notFound);
  return one(deps, a.userId, input.addressId);
}

export async function deleteAddress(deps: AppDeps, actor: Actor | null, input: AddressIdInput): Promise<null> {
  const a = requireActor(actor);
  if (!(await q.deleteAddress(deps.db, a.userId, input.addressId))) throw notFound(accountMessages.addresses.notFound);
  return null;
}
