// A customer's saved delivery address (decision 215): the checkout's delivery fields without the e-mail (the account
// has one). The postal code may be empty here; the server requires it where the country uses one.
import { z } from 'zod';
import { messages } from '../messages';
import { accountMessages } from '../messages/account';
import { checkoutMessages } from '../messages/checkout';
import { optionalZipCode } from './checkout';
import { idSchema } from './numbers';
import { personName, phoneField } from './person';

const m = checkoutMessages.checkout;
const required = messages.common.required;
const text = (max: number) => z.string({ message: required }).trim().min(1, required).max(max, m.tooLong);

/** Most addresses one customer keeps (a bound on rows per account, not a shop rule anyone should meet). */
export const MAX_SAVED_ADDRESSES = 10;

export const SavedAddressInput = z.object(
  {
    firstName: personName(100, required, accountMessages.account.firstNameCapital, m.tooLong),
    lastName: personName(100, required, accountMessages.account.lastNameCapital, m.tooLong),
    phoneNumber: phoneField(required, accountMessages.account.invalidPhone),
    countryID: idSchema(m.chooseCountryRequired),
    city: text(100),
    address: text(200),
    zipCode: optionalZipCode,
  },
  { message: messages.common.invalidInput },
);
export type SavedAddressInput = z.infer<typeof SavedAddressInput>;

export const AddressIdInput = z.object({ addressId: idSchema(accountMessages.addresses.notFound) });
export type AddressIdInput = z.infer<typeof AddressIdInput>;

export const UpdateAddressInput = SavedAddressInput.extend({ addressId: idSchema(accountMessages.addresses.notFound) });
export type UpdateAddressInput = z.infer<typeof UpdateAddressInput>;
