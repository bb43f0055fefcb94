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

export async function fillCheckoutForm(dialog: Locator, s: CheckoutShopper): Promise<void> {
  await dialog.locator('[name="email"]').fill(s.email);
  await dialog.locator('[name="firstName"]').fill(s.firstName);
  await dialog.locator('[name="lastName"]').fill(s.lastName);
  await dialog.locator('[name="phoneNumber"]').fill(s.phoneNumber);
  await dialog
    .locator('[name="countryID"]')
    .selectOption('id' in s.country ? String(s.country.id) : { index: s.country.index });
  await dialog.locator('[name="city"]').fill(s.city);
  await dialog.locator('[name="address"]').fill(s.address);
  await dialog.locator('[name="zipCode"]').fill(s.zipCode);
}
