// Size guides (issue 26): the product page's table of measurements, the product's own or its category's, read
// through the catalogue cache (a staff write bumps it like every catalogue write).
import type { SizeDto, SizeGuideDto } from '#shared/dto/catalog';
import type { DB } from '#server/db/client';
import { productById } from './products.service';
import { cachedRead, type CachedRead } from './read-cache';
import { sizes } from './reference-lists.service';
import * as q from './size-guides.queries';

interface StoredRow {
  sizeId: number;
  values: string[];
}

/** A stored guide as shown: rows in the shop's size order, rows of removed sizes left out. */
export function guideFromRow(
  row: { columns_json: string; rows_json: string; note: string },
  allSizes: SizeDto[],
): SizeGuideDto {
  const stored = new Map((JSON.parse(row.rows_json) as StoredRow[]).map((r) => [r.sizeId, r.values]));
  return {
    columns: JSON.parse(row.columns_json) as string[],
    rows: allSizes.flatMap((s) => {
      const values = stored.get(s.sizeID);
      return values ? [{ sizeID: s.sizeID, sizeName: s.sizeName, values }] : [];
    }),
    note: row.note,
  };
}

/**
 * The guide the product page shows: the product's own, else its category's; null without one. A missing or hidden
 * product is NOT_FOUND, as its page is (decision 202).
 */
export async function sizeGuideForProduct(db: DB, productId: number): Promise<CachedRead<SizeGuideDto | null>> {
  const product = (await productById(db, productId)).value;
  return cachedRead(db, `sizeGuide:${productId}`, async () => {
    const row = await q.guideForProduct(db, productId, product.categoryID);
    return row ? guideFromRow(row, (await sizes(db)).value) : null;
  });
}
