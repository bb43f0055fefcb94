// The public reference lists (categories, main categories, sizes, events, colours, countries), through the read
// cache (read-cache.ts).
import { listingMessages } from '#shared/messages/listing';
import { centsToEuros } from '#shared/money';
import { sortSizes } from '#shared/sizes';
import type {
  CategoryDto,
  ColorDto,
  ColorWithCountDto,
  CountryDto,
  EventDto,
  MainCategoryDto,
  SizeDto,
} from '#shared/dto/catalog';
import type { DB } from '#server/db/client';
import { AppError } from '#server/errors';
import * as q from './catalog.queries';
import { vocabulary } from './normalised-input';
import { cachedRead, freshState, readIn, type CachedRead } from './read-cache';
// ---------------------------------------------------------------------------------------------------------
// Reference lists

const toCategory = (r: {
  category_id: number;
  category_name: string;
  description: string;
  main_category_id: number;
}): CategoryDto => ({
  categoryID: r.category_id,
  categoryName: r.category_name,
  description: r.description,
  mainCategoryID: r.main_category_id,
});

export function categories(db: DB): Promise<CachedRead<CategoryDto[]>> {
  return cachedRead(db, 'categories', async () => (await q.categoryRows(db)).map(toCategory));
}

export function categoriesByMain(db: DB, mainCategoryID: number): Promise<CachedRead<CategoryDto[]>> {
  return cachedRead(db, `categories:${mainCategoryID}`, async () =>
    (await q.categoryRows(db, mainCategoryID)).map(toCategory),
  );
}

export async function categoryById(db: DB, categoryId: number): Promise<CachedRead<CategoryDto>> {
  const read = await cachedRead(
    db,
    `category:${categoryId}`,
    async () => {
      const row = await q.categoryRow(db, categoryId);
      return row ? toCategory(row) : null;
    },
    { keep: (category) => category !== null },
  );
  if (!read.value) throw new AppError('NOT_FOUND', listingMessages.categoryNotFound);
  return read as CachedRead<CategoryDto>;
}

export function mainCategories(db: DB): Promise<CachedRead<MainCategoryDto[]>> {
  return cachedRead(db, 'mainCategories', async () =>
    (await q.mainCategoryRows(db)).map((r) => ({
      mainCategoryID: r.main_category_id,
      mainCategoryName: r.main_category_name,
    })),
  );
}

export function sizes(db: DB): Promise<CachedRead<SizeDto[]>> {
  return cachedRead(db, 'sizes', async () =>
    sortSizes((await q.sizeRows(db)).map((r) => ({ sizeID: r.size_id, sizeName: r.size_name }))),
  );
}

export function events(db: DB): Promise<CachedRead<EventDto[]>> {
  return cachedRead(db, 'events', async () =>
    (await q.eventList(db)).map((r) => ({ eventID: r.event_id, eventName: r.event_name })),
  );
}

const toColor = (r: { color_id: number; color_name: string; hex_code: string }): ColorDto => ({
  colorID: r.color_id,
  colorName: r.color_name,
  name: r.color_name,
  hexCode: r.hex_code,
});

export function colors(db: DB): Promise<CachedRead<ColorDto[]>> {
  return cachedRead(db, 'colors', async () => (await q.colorRows(db)).map(toColor));
}

/** Colours used by at least `minProductCount` active products, with that count (any count above them all is one question). */
export async function colorsWithCount(db: DB, minProductCount: number): Promise<CachedRead<ColorWithCountDto[]>> {
  const state = await freshState(db);
  const min = Math.min(minProductCount, (await vocabulary(state, db)).value.products.size + 1);
  return readIn(state, `colorsWithCount:${min}`, async () => {
    // Every colour's count is read once per catalogue version and each minimum filters it: the count walks every
    // variant (30 ms on SQLite, 85 ms on PostgreSQL at 10 000 products), and the filters ask for two minimums.
    const all = (await readIn(state, 'colorCounts', () => q.colorCountRows(db, 0), { keepFirst: true })).value;
    return all.filter((r) => Number(r.n) >= min).map((r) => ({ ...toColor(r), productCount: Number(r.n) }));
  });
}

export function countries(db: DB): Promise<CachedRead<CountryDto[]>> {
  return cachedRead(db, 'countries', async () =>
    (await q.countryRows(db)).map((r) => ({
      countryID: r.country_id,
      countryName: r.country_name,
      name: r.country_name,
      shippingPrice: centsToEuros(r.shipping_price_cents),
      freeShippingFrom: r.free_shipping_from_cents === null ? null : centsToEuros(r.free_shipping_from_cents),
      postalCodeOptional: r.postal_code_optional === 1,
    })),
  );
}
