// What a checkout, an order edit or a saved address asks of the catalogue, inside the caller's transaction: a
// country's shipping facts and a variant's stock, in the catalogue's own words (not its rows). Stock itself changes
// only through stock.ts (changeStock, takeStock, addStock; decision 231).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { countryById, stockOf } from './checkout-facts.queries';

type Q = Kysely<Database> | Transaction<Database>;

/** A delivery country as a checkout prices and checks it. */
export interface ShippingCountry {
  id: number;
  name: string;
  shippingPriceCents: number;
  /** Orders from this subtotal ship free; null: never free. */
  freeShippingFromCents: number | null;
  /** An empty postal code is accepted (the country has none in daily use). */
  postalCodeOptional: boolean;
}

/** The delivery country with this id, or undefined when there is none. */
export async function shippingCountry(db: Q, countryId: number): Promise<ShippingCountry | undefined> {
  const row = await countryById(db, countryId);
  return (
    row && {
      id: row.country_id,
      name: row.country_name,
      shippingPriceCents: row.shipping_price_cents,
      freeShippingFromCents: row.free_shipping_from_cents,
      postalCodeOptional: Boolean(row.postal_code_optional),
    }
  );
}

/** The units of a variant in stock now (0 for a variant that does not exist). */
export const variantStock = (trx: Q, variantId: number): Promise<number> => stockOf(trx, variantId);
