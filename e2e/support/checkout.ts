// Fills the checkout overlay's delivery form (the shopper's details and address) as a shopper types them.
import type { Locator } from 'playwright-core';

export interface CheckoutShopper {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  /** The country's id, or its place in the list (1 = the first country). */
  country: { id: number } | { index: number };
  city: string;
  address: string;
  zipCode: string;
}

/**
 * Types `value` into a field and checks it reads so. A signed-in customer's profile fills the empty fields when it
 * arrives (use-saved-details.ts): a value the app committed between the fill's focus and its typing is typed onto
 * ("a@b.ks" + "a@b.ks", once in CI on a loaded machine), as it would be under a shopper typing at that very moment. The
 * profile fills once, so a second fill types on the field as the shopper left it.
 */
async function fillField(field: Locator, value: string): Promise<void> {
  await field.fill(value);
  if ((await field.inputValue()) !== value) await field.fill(value);
}

export async function fillCheckoutForm(dialog: Locator, s: CheckoutShopper): Promise<void> {
  await fillField(dialog.locator('[name="email"]'), s.email);
  await fillField(dialog.locator('[name="firstName"]'), s.firstName);
  await fillField(dialog.locator('[name="lastName"]'), s.lastName);
  await fillField(dialog.locator('[name="phoneNumber"]'), s.phoneNumber);
  await dialog
    .locator('[name="countryID"]')
    .selectOption('id' in s.country ? String(s.country.id) : { index: s.country.index });
  await fillField(dialog.locator('[name="city"]'), s.city);
  await fillField(dialog.locator('[name="address"]'), s.address);
  await fillField(dialog.locator('[name="zipCode"]'), s.zipCode);
}
