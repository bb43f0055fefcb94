// The staff product list (decision 220): one page of products, sorted and filtered on the server (the paging
// contract of decision 134), with every column of the dashboard table, in six queries whatever the page size.
import { LOW_STOCK_THRESHOLD } from '#shared/limits';
import { centsToEuros } from '#shared/money';
import { compareSizeNames } from '#shared/sizes';
import type { ProductTablePageDto, ProductTableRowDto } from '#shared/dto/catalog-admin';
import { pageWindow, searchWords } from '#shared/schemas/paging';
import { defaultDirection, type ProductTableInput } from '#shared/schemas/product-list';
import type { AppDeps } from '#server/deps';
import { smallImageUrl } from '#server/modules/media';
import { discountedPriceCents } from '#server/modules/catalog/discount-pricing';
import { cachedShopToday } from '#server/modules/catalog/read-cache';
import * as q from './products-table.queries';

const groupBy = <T>(rows: T[], key: (row: T) => number): Map<number, T[]> => {
  const map = new Map<number, T[]>();
  for (const r of rows) (map.get(key(r)) ?? map.set(key(r), []).get(key(r))!).push(r);
  return map;
};

/** One page of the product list: newest first unless another sort is asked for. */
export async function productPage(deps: Pick<AppDeps, 'db'>, input: ProductTableInput): Promise<ProductTablePageDto> {
  const { page, pageSize, limit, offset } = pageWindow(input);
  const sort = input.sort ?? 'date';
  const filter: q.ProductTableFilter = {
    words: searchWords(input.q),
    categoryId: input.categoryID,
    active: input.active,
    lowStockAtMost: input.lowStock ? LOW_STOCK_THRESHOLD : undefined,
  };
  const order = { sort, dir: input.dir ?? defaultDirection(sort) };
  const { ids, total } = await q.pageProductIds(deps.db, filter, order, limit, offset);
  return { items: await tableRows(deps, ids), total, page, pageSize };
}

/** The dashboard table's rows of the given products, in the order of `ids`. */
async function tableRows(deps: Pick<AppDeps, 'db'>, ids: number[]): Promise<ProductTableRowDto[]> {
  if (ids.length === 0) return [];
  const [products, variants, images, events] = await Promise.all([
    q.tableProducts(deps.db, ids, cachedShopToday()),
    q.tableVariants(deps.db, ids),
    q.tableImageCounts(deps.db, ids),
    q.tableEvents(deps.db, ids),
  ]);
  const byId = new Map(products.map((p) => [p.product_id, p]));
  const vBy = groupBy(variants, (v) => v.product_id);
  const iBy = new Map(images.map((i) => [i.product_id, i]));
  const eBy = groupBy(events, (e) => e.product_id);
  return ids.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const vs = vBy.get(id) ?? [];
    const colors = new Map<number, { colorID: number; colorName: string; hexCode: string }>();
    for (const v of vs) colors.set(v.color_id, { colorID: v.color_id, colorName: v.color_name, hexCode: v.hex_code });
    const img = iBy.get(id);
    return [
      {
        productID: id,
        name: p.name,
        barcode: p.barcode,
        brand: p.brand,
        description: p.description,
        categoryID: p.category_id,
        categoryName: p.category_name,
        mainCategoryID: p.main_category_id,
        price: centsToEuros(p.price_cents),
        discountedPrice: p.discount_percentage
          ? centsToEuros(discountedPriceCents(p.price_cents, Number(p.discount_percentage)))
          : null,
        isFeatured: p.is_featured === 1,
        isActive: p.is_active === 1,
        dateAdded: p.date_added,
        sizes: [...new Set(vs.map((v) => v.size_name))].sort(compareSizeNames),
        stockQuantity: Number(p.stock ?? 0),
        lowStock: p.least !== null && Number(p.least) <= LOW_STOCK_THRESHOLD,
        colors: [...colors.values()],
        photoCount: img ? Number(img.n) : 0,
        thumbnailURL: img?.first ? smallImageUrl(String(img.first)) : null,
        events: (eBy.get(id) ?? []).map((e) => e.event_name).sort((a, b) => a.localeCompare(b, 'sq')),
      },
    ];
  });
}
