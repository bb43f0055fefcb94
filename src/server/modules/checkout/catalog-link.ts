// Where checkout meets the catalogue (through its service, never its queries): the active product-discount
// percentages and discounted-price rule (so a charged unit price equals the discountedPrice the catalogue shows),
// image URLs, and dropping the catalogue read cache after an order took stock.
import type { DB } from '../../db/client';
import { activeDiscountPercentages, bumpCatalogVersion, discountedPriceCents } from '../catalog/catalog.service';
import { imageUrl } from '../media/media.service';

/** Best active product-discount percentage per product on `today` (inclusive yyyy-mm-dd windows). */
export function catalogDiscountPercents(
  db: DB,
  productIds: readonly number[],
  today: string,
): Promise<Map<number, number>> {
  return activeDiscountPercentages(db, productIds, today);
}

/** The unit price the catalogue shows (discountedPrice when a discount is active, else the price), in cents. */
export const catalogUnitPriceCents = (priceCents: number, percentage: number | null | undefined): number =>
  discountedPriceCents(priceCents, percentage);

export const catalogImageUrl = (fileName: string | null): string => (fileName ? imageUrl(fileName) : '');

/** Stock changed: drop the catalogue's cached answers now (its triggers would also notice on the next read). */
export function catalogStockChanged(): void {
  bumpCatalogVersion();
}
